import { TOKEN_KIND } from '../../core/source-parser.js';
import type { TokenTable } from './token-table.js';

/** Small, allocation-free questions about the token at an index (out-of-range indices answer false). */

export function isWordAt(tokens: TokenTable, index: number, word: string): boolean {
  return tokens.kinds[index] === TOKEN_KIND.word && tokens.texts[index] === word;
}

export function isPunctuationAt(tokens: TokenTable, index: number, punctuation: string): boolean {
  return tokens.kinds[index] === TOKEN_KIND.punctuation && tokens.texts[index] === punctuation;
}

export function isOpenAt(tokens: TokenTable, index: number, delimiter: '(' | '[' | '{'): boolean {
  return tokens.kinds[index] === TOKEN_KIND.open && tokens.texts[index] === delimiter;
}

/** Whether the token at `index` starts exactly where the previous one ends (no space or comment between). */
export function touchesPrevious(tokens: TokenTable, index: number): boolean {
  return index > 0 && tokens.starts[index] === tokens.ends[index - 1];
}

/** `&&&` (lexed `&&` `&`) or `|||` (lexed `||` `|`) starting at `index`. */
export function isBulletOperatorAt(tokens: TokenTable, index: number): boolean {
  const text = tokens.texts[index];
  if (tokens.kinds[index] !== TOKEN_KIND.punctuation || (text !== '&&' && text !== '||')) return false;
  return isPunctuationAt(tokens, index + 1, text === '&&' ? '&' : '|') && touchesPrevious(tokens, index + 1);
}

/** CamelCase identifiers are taken to be types, for telling generic `<` from less-than. ALL_CAPS constants are not. */
export function isTypeLikeWord(text: string): boolean {
  const first = text.charCodeAt(0);
  return first >= 65 && first <= 90 && /[a-z]/.test(text);
}
