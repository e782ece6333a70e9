import type { VerusFileIr } from '../ir/index.js';
import type { TrustedAssumption } from './trusted-assumption.js';

/**
 * The trusted base of a file, per item: `external_body`/`external` functions, `assume_specification`,
 * `external_fn_specification`, `admit`/`assume` in proofs, bodiless or `uninterp` spec fns, `axiom`
 * fns, `#[verifier::truncate]` casts, `unsafe` blocks and raised `rlimit`s. Inside `verus!` only.
 */
export function listTrustedAssumptions(ir: VerusFileIr): TrustedAssumption[] {
  const found: TrustedAssumption[] = [];
  const add = (kind: TrustedAssumption['kind'], item: string, line: number, detail: string) => found.push({ kind, item, file: ir.file, line, detail });
  for (const fn of ir.functions.filter((candidate) => candidate.insideVerus)) {
    const line = fn.nameSpan.lineStart;
    for (const attribute of fn.attributes) {
      if (attribute.name === 'verifier::external_body') add('external-body', fn.qualifiedName, attribute.span.lineStart, attribute.text);
      else if (attribute.name === 'verifier::external') add('external', fn.qualifiedName, attribute.span.lineStart, attribute.text);
      else if (attribute.name === 'verifier::external_fn_specification') add('external-fn-specification', fn.qualifiedName, attribute.span.lineStart, attribute.text);
      else if (attribute.name === 'verifier::rlimit') add('rlimit', fn.qualifiedName, attribute.span.lineStart, `rlimit(${attribute.arguments ?? ''})`);
    }
    if (fn.mode.includes('axiom')) add('axiom', fn.qualifiedName, line, `${fn.mode} fn`);
    if (fn.baseMode === 'spec' && (fn.body === null || fn.mode.includes('uninterp'))) add('uninterpreted-spec', fn.qualifiedName, line, `${fn.mode} fn without a body`);
    for (const statement of fn.proofStatements) {
      if (statement.kind === 'admit' || statement.kind === 'assume') add('admit-or-assume', fn.qualifiedName, statement.span.lineStart, ir.source.sliceBytes(statement.span.byteStart, statement.span.byteEnd));
    }
    addTokenConstructs(ir, fn.span.byteStart, fn.span.byteEnd, fn.qualifiedName, add);
  }
  for (const item of ir.items) {
    if (item.kind === 'assume-specification' && item.insideVerus) add('assume-specification', item.target, item.span.lineStart, `assume_specification[${item.target}]`);
  }
  return found.sort((left, right) => left.line - right.line || left.kind.localeCompare(right.kind));
}

function addTokenConstructs(ir: VerusFileIr, byteStart: number, byteEnd: number, item: string, add: (kind: TrustedAssumption['kind'], item: string, line: number, detail: string) => void): void {
  const start = ir.source.indexAtByteOffset(byteStart);
  const end = ir.source.indexAtByteOffset(byteEnd);
  const texts = ir.tokens.texts;
  for (let index = 0; index < ir.tokens.count; index++) {
    const offset = ir.tokens.starts[index] ?? 0;
    if (offset < start || offset >= end) continue;
    const line = ir.source.lineIndexAt(offset) + 1;
    if (texts[index] === 'unsafe' && texts[index + 1] === '{') add('unsafe-block', item, line, 'unsafe { }');
    if (texts[index] === 'truncate' && texts[index - 1] === '::' && texts[index - 2] === 'verifier') add('truncate-cast', item, line, '#[verifier::truncate]');
  }
}
