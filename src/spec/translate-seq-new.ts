import { CLOSURES, SpecTranslationRefusal, type SpecExpression, type SpecTypeSyntax } from './spec-syntax.js';
import { execOwnedTypeText, execParameterTypeText, storageTypeText, type SpecType } from './spec-type.js';
import { namesInSpecExpression } from './names-in-spec-expression.js';
import type { SpecTranslator, Translated } from './translate-spec-expression.js';

/**
 * `Seq::new(len, |i: int| body)`, exactly: the sequence of length `len` whose element i is `body`.
 * The body is lifted into a spec fn of its own (over the variables it reads, and i), compiled by the
 * macro, and a plain Rust function builds the vector by calling it for i in 0..len, so a clause or a
 * view that builds a sequence this way runs (ring-buffer's `self@`).
 */
export function translateSeqNew(translator: SpecTranslator, args: SpecExpression[], generics: SpecTypeSyntax[], expected: SpecType | undefined): Translated {
  const [length, closure] = args;
  const lift = translator.scope.lift;
  if (length === undefined || closure?.kind !== 'closure' || args.length !== 2 || lift === undefined) throw new SpecTranslationRefusal(CLOSURES);
  const [parameter] = closure.parameters;
  if (parameter === undefined || closure.parameters.length !== 1) throw new SpecTranslationRefusal('Seq::new takes a closure of one parameter');
  if (parameter.type !== null) {
    const written = translator.resolveType(parameter.type);
    if (written.kind !== 'int' || written.name !== 'int') throw new SpecTranslationRefusal('the closure of Seq::new takes an int');
  }
  const declared = generics[0] !== undefined ? translator.resolveType(generics[0]) : expected?.kind === 'seq' ? expected.element : undefined;
  // old(x) in the body reads the variable holding x's value before the call: captured too.
  const named = namesInSpecExpression(closure.body);
  const read = new Set([...named, ...[...named].flatMap((name) => translator.scope.oldNames.get(name) ?? [])]);
  const captured = [...translator.scope.variables].filter(([name]) => name !== parameter.name && read.has(name)).map(([name, variable], position) => ({ name, variable, as: /^[a-z_]\w*$/.test(variable.text) ? variable.text : `vr_capture_${position}` }));
  const inner = translator.withScope({ ...translator.scope, variables: new Map([...captured.map(({ name, variable, as }) => [name, { text: as, type: variable.type }] as const), [parameter.name, { text: parameter.name, type: { kind: 'int', name: 'int' } }]]) });
  const value = inner.translate(closure.body, declared);
  const element = declared ?? (value.type.kind === 'int' ? { kind: 'int' as const, name: 'int' as const } : value.type);
  const id = `${lift.prefix}_${lift.items.length}`;
  const parameters = captured.map(({ as, variable }) => `${as}: ${storageTypeText(variable.type)}`);
  lift.items.push(`spec fn vr_element_${id}(${[...parameters, `${parameter.name}: i128`].join(', ')}) -> ${storageTypeText(element)} {\n    ${inner.store(value, element)}\n}`);
  const execParameters = captured.map(({ as, variable }) => `${as}: ${execParameterTypeText(variable.type)}`);
  const names = captured.map(({ as }) => as);
  lift.glue.push(`pub fn exec_vr_seq_new_${id}(${[...execParameters, 'vr_length: usize'].join(', ')}) -> Vec<${execOwnedTypeText(element)}> { (0..vr_length).map(|vr_i| exec_vr_element_${id}(${[...names, 'vr_i as i128'].join(', ')})).collect() }\n`);
  const size = translator.wide(length).text;
  return { text: `vr_seq_new_${id}(${[...captured.map(({ variable }) => variable.text), `vr_narrow_usize(${size})`].join(', ')})`, type: { kind: 'seq', element } };
}
