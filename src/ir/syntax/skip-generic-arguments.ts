import { TOKEN_KIND } from '../../core/source-parser.js';
import type { TokenTable } from './token-table.js';

/** Punctuation that can appear inside generic arguments (`<'a, T: Fn(u8) -> u8 + ?Sized, N = 3>`). */
const TYPE_PUNCTUATION = new Set(['::', ',', '&', '&&', "'", '*', '=', '+', '?', '->', '!', ':', '-', '<', '>', '>>', '_']);
/** Generic argument lists longer than this are not looked for: it bounds the cost of a wrong guess. */
const MAXIMUM_LOOKAHEAD = 512;

/**
 * Angle brackets are not token trees, so a `<` may open generic arguments or be less-than. Called at
 * a `<` the caller believes opens generics (after `::`, after a type-like name, in a type), it looks
 * ahead for the matching `>` through tokens that can appear in types only. Returns the index after
 * the closing `>` (a `>>` can close two levels), or -1 when this cannot be a generic argument list
 * (then the `<` is a comparison).
 */
export function skipGenericArguments(tokens: TokenTable, open: number, limit: number): number {
  const { kinds, texts, partners } = tokens;
  let depth = 0;
  const stop = Math.min(limit, open + MAXIMUM_LOOKAHEAD);
  for (let index = open; index < stop; index++) {
    const kind = kinds[index];
    if (kind === TOKEN_KIND.open) {
      index = partners[index] ?? index;
      continue;
    }
    if (kind === TOKEN_KIND.word || kind === TOKEN_KIND.literal) continue;
    if (kind !== TOKEN_KIND.punctuation) return -1;
    const text = texts[index] ?? '';
    if (!TYPE_PUNCTUATION.has(text)) return -1;
    if (text === '<') depth++;
    else if (text === '>') depth--;
    else if (text === '>>') depth -= 2;
    if (depth <= 0) return index + 1;
  }
  return -1;
}
