import { TOKEN_KIND } from '../../core/source-parser.js';
import { skipGenericArguments } from '../syntax/skip-generic-arguments.js';
import type { TokenTable } from '../syntax/token-table.js';

/**
 * Finds the end of a type (or where clause) starting at `from`: the first top-level stop word, `{`
 * group, `;`, `=`, comma (when `stopAtComma`) or closing delimiter. In a type every `<` opens
 * generic arguments.
 */
export function scanType(tokens: TokenTable, from: number, limit: number, stopWords: ReadonlySet<string>, stopAtComma = false): number {
  const { kinds, texts, partners } = tokens;
  let index = from;
  while (index < limit) {
    const kind = kinds[index];
    const text = texts[index] ?? '';
    if (kind === TOKEN_KIND.close) return index;
    if (kind === TOKEN_KIND.open) {
      if (text === '{') return index;
      index = (partners[index] ?? index) + 1;
      continue;
    }
    if (kind === TOKEN_KIND.word && stopWords.has(text)) return index;
    if (kind === TOKEN_KIND.punctuation) {
      if (text === ';' || text === '=' || (stopAtComma && text === ',')) return index;
      if (text === '<') {
        const end = skipGenericArguments(tokens, index, limit);
        if (end > 0) {
          index = end;
          continue;
        }
      }
    }
    index++;
  }
  return limit;
}
