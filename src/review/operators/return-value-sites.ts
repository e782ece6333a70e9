import type { MutationSite } from '../mutation-site.js';
import { allExec, siteOverTokens, textOfTokens, tokenText, type OperatorContext } from './operator-context.js';

const INTEGER_TYPES = new Set(['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize']);

/**
 * Replaces a returned value (the body's tail expression or a `return e;`) with a default of the
 * return type (`0`, `false`/`true`, `None`, `Vec::new()`) or an exec parameter of the same type.
 * Tail expressions holding a block (`if`, `match`, loops) are left to the other operators.
 */
export function findReturnValueSites(context: OperatorContext): MutationSite[] {
  const returnType = context.fn.returnValue?.type.text.replace(/\s+/g, '') ?? null;
  if (returnType === null || returnType === '()') return [];
  const candidates = [...defaultsOf(returnType), ...context.fn.parameters.filter((parameter) => parameter.mode === 'exec' && !parameter.isSelf && parameter.type?.text.replace(/\s+/g, '') === returnType).map((parameter) => parameter.name)];
  const sites: MutationSite[] = [];
  for (const [first, last] of returnedExpressions(context)) {
    const original = textOfTokens(context, first, last);
    for (const candidate of candidates) if (candidate !== original) sites.push(siteOverTokens(context, 'return-value', first, last, candidate));
  }
  return sites;
}

function defaultsOf(type: string): string[] {
  if (INTEGER_TYPES.has(type)) return ['0'];
  if (type === 'bool') return ['false', 'true'];
  if (type.startsWith('Option<')) return ['None'];
  if (type.startsWith('Vec<')) return ['Vec::new()'];
  return [];
}

/** Token ranges [first, last] of returned expressions without blocks. */
function returnedExpressions(context: OperatorContext): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const { first: bodyFirst, end } = context.exec;
  for (let index = bodyFirst; index < end; index++) {
    if (tokenText(context, index) !== 'return' || !context.exec.isExec(index)) continue;
    let stop = index + 1;
    while (stop < end && tokenText(context, stop) !== ';' && tokenText(context, stop) !== '}') stop = tokenText(context, stop) === '(' || tokenText(context, stop) === '[' ? (context.ir.tokens.partners[stop] ?? stop) + 1 : stop + 1;
    if (stop > index + 1 && blockFree(context, index + 1, stop - 1)) ranges.push([index + 1, stop - 1]);
  }
  const tail = context.fn.body?.statements.at(-1);
  if (tail !== undefined && tail.kind === 'expression' && !tail.hasSemicolon) {
    const first = findTokenAt(context, tail.span.byteStart);
    const last = end - 2;
    if (first > bodyFirst && first <= last && tokenText(context, first) !== 'return' && blockFree(context, first, last)) ranges.push([first, last]);
  }
  return ranges;
}

function blockFree(context: OperatorContext, first: number, last: number): boolean {
  for (let index = first; index <= last; index++) if (tokenText(context, index) === '{') return false;
  return allExec(context, first, last);
}

function findTokenAt(context: OperatorContext, byteOffset: number): number {
  const start = context.ir.source.indexAtByteOffset(byteOffset);
  for (let index = context.exec.first; index < context.exec.end; index++) if ((context.ir.tokens.starts[index] ?? -1) >= start) return index;
  return -1;
}
