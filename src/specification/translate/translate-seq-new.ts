import { liftSpecClosure } from './lift-spec-closure.js';
import { CLOSURES, SpecTranslationRefusal, type SpecExpression, type SpecTypeSyntax } from '../syntax/spec-syntax.js';
import { execOwnedTypeText, type SpecType } from '../types/spec-type.js';
import type { SpecTranslator, Translated } from './spec-translator.js';

/**
 * `Seq::new(len, |i: int| body)`, exactly: the sequence of length `len` whose element i is `body`.
 * The body is lifted into a spec fn of its own (over the variables it reads, and i), compiled by the
 * macro, and a plain Rust function builds the vector by calling it for i in 0..len, so a clause or a
 * view that builds a sequence this way runs (ring-buffer's `self@`).
 */
export function translateSeqNew(translator: SpecTranslator, args: SpecExpression[], generics: SpecTypeSyntax[], expected: SpecType | undefined): Translated {
  const [length, closure] = args;
  if (length === undefined || args.length !== 2) throw new SpecTranslationRefusal(CLOSURES);
  const declared = generics[0] !== undefined ? translator.resolveType(generics[0]) : expected?.kind === 'seq' ? expected.element : undefined;
  const lifted = liftSpecClosure(translator, closure, [{ kind: 'int', name: 'int' }], declared, 'element');
  translator.scope.lift!.glue.push(`pub fn exec_vr_seq_new_${lifted.id}(${[...lifted.execCaptureParameters, 'vr_length: usize'].join(', ')}) -> Vec<${execOwnedTypeText(lifted.result)}> { (0..vr_length).map(|vr_i| exec_${lifted.name}(${[...lifted.captureNames, 'vr_i as i128'].join(', ')})).collect() }\n`);
  const size = translator.wide(length).text;
  return { text: `vr_seq_new_${lifted.id}(${[...lifted.captureArguments, `vr_narrow_usize(${size})`].join(', ')})`, type: { kind: 'seq', element: lifted.result } };
}
