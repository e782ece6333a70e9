import type { ParseContext } from './parse-context.js';
import { scanExpression } from './scan-expression.js';

/** Splits tokens [from, to) on top-level commas (groups, binders and generic arguments kept whole); returns [first, end) ranges. */
export function splitTopLevel(context: ParseContext, from: number, to: number): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  for (let index = from; index < to; ) {
    const end = scanExpression(context.tokens, index, to, { stopAtComma: true, stopAtBrace: false, stopWords: null });
    if (end > index) parts.push([index, end]);
    index = Math.max(end, index) + 1;
  }
  return parts;
}
