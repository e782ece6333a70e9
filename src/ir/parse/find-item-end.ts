import { TOKEN_KIND } from '../../core/source-parser.js';
import type { ParseContext } from './parse-context.js';
import { skipGenericArguments } from '../syntax/skip-generic-arguments.js';

/**
 * From inside an item's header: the index after the item's first top-level `{ }` group or `;`
 * (whichever comes first; generic arguments skipped), or `limit`. With `throughSemicolon`, braces do
 * not end the item (`const X: T = { .. };`).
 */
export function findItemEnd(context: ParseContext, from: number, limit: number, throughSemicolon = false): number {
  const tokens = context.tokens;
  for (let index = from; index < limit; index++) {
    const kind = tokens.kinds[index];
    const text = tokens.texts[index];
    if (kind === TOKEN_KIND.open) {
      const close = tokens.partners[index] ?? index;
      if (text === '{' && !throughSemicolon) return close + 1;
      index = close;
    } else if (kind === TOKEN_KIND.punctuation) {
      if (text === ';') return index + 1;
      if (text === '<' && !throughSemicolon) {
        const end = skipGenericArguments(tokens, index, limit);
        if (end > 0) index = end - 1;
      }
    }
  }
  return limit;
}

/** The index of the first top-level `{` at or after `from` (generic arguments skipped), or -1 when a `;` or `limit` comes first. */
export function findBodyOpen(context: ParseContext, from: number, limit: number): number {
  const end = findItemEnd(context, from, limit);
  const last = end - 1;
  return context.tokens.texts[last] === '}' ? (context.tokens.partners[last] ?? -1) : -1;
}
