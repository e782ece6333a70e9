import { TOKEN_KIND } from '../../core/source-parser.js';
import type { TokenTable } from '../syntax/token-table.js';

/** Verus operators the Rust lexer splits (`==>` arrives as `==` `>`); rejoined when their pieces touch. */
const COMPOUND_OPERATORS = new Set(['==>', '<==', '<==>', '=~=', '=~~=', '!~=', '&&&', '|||', '===', '!==']);

/**
 * Renders tokens [first, end) that `included` accepts as canonical text: comments and layout are
 * gone, tokens are separated by one space, split Verus operators and lifetimes (`'a`) are rejoined,
 * and a trailing comma before `]`/`}` (or before `)` in a group with another comma, so `(x,)` stays a
 * tuple) is dropped. Two token sequences render equal exactly when they are the same tokens up to
 * those formatting choices.
 */
export function renderNormalizedTokens(tokens: TokenTable, first: number, end: number, included: (index: number) => boolean = () => true): string {
  return listNormalizedTokens(tokens, first, end, included).join(' ');
}

/** The canonical tokens renderNormalizedTokens joins with spaces (a literal containing spaces stays one token). */
export function listNormalizedTokens(tokens: TokenTable, first: number, end: number, included: (index: number) => boolean = () => true): string[] {
  const parts: string[] = [];
  let previous = -1;
  for (let index = first; index < end; index++) {
    if (!included(index)) continue;
    const text = tokens.texts[index] ?? '';
    if (text === ',' && isDroppableTrailingComma(tokens, index, end, included)) continue;
    const joined = previous === index - 1 && tokens.starts[index] === tokens.ends[previous] ? joinTouching(tokens, parts, previous, text) : null;
    if (joined !== null) parts[parts.length - 1] = joined;
    else parts.push(text);
    previous = index;
  }
  return parts;
}

function joinTouching(tokens: TokenTable, parts: string[], previous: number, text: string): string | null {
  const last = parts[parts.length - 1] ?? '';
  if (tokens.texts[previous] === "'" && tokens.kinds[previous + 1] === TOKEN_KIND.word) return last + text;
  if (tokens.kinds[previous] !== TOKEN_KIND.punctuation || tokens.kinds[previous + 1] !== TOKEN_KIND.punctuation) return null;
  const candidate = last + text;
  for (const operator of COMPOUND_OPERATORS) if (operator.startsWith(candidate)) return candidate;
  return null;
}

function isDroppableTrailingComma(tokens: TokenTable, comma: number, end: number, included: (index: number) => boolean): boolean {
  let next = comma + 1;
  while (next < end && !included(next)) next++;
  if (tokens.kinds[next] !== TOKEN_KIND.close) return false;
  const closer = tokens.texts[next];
  if (closer !== ')') return true;
  const open = tokens.partners[next] ?? -1;
  for (let index = open + 1; index < comma; index++) {
    if (tokens.kinds[index] === TOKEN_KIND.open) index = tokens.partners[index] ?? index;
    else if (tokens.texts[index] === ',' && included(index)) return true;
  }
  return false;
}
