import { TOKEN_KIND } from '../../core/source-parser.js';
import { InputError } from '../../core/errors.js';
import type { SourceText } from '../span/source-text.js';
import type { TokenTable } from './token-table.js';

const CLOSER_OF: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * Pairs every `(` `[` `{` with its closer in `table.partners`. Delimiters must balance (they do in
 * any file rustc accepts), so the first problem is an InputError at the unmatched delimiter: the
 * innermost unclosed opener for a mismatch or a missing closer, or the stray closer.
 */
export function matchDelimiters(table: TokenTable, source: SourceText, file: string): void {
  const stack: number[] = [];
  const { kinds, texts, partners } = table;
  for (let index = 0; index < table.count; index++) {
    const kind = kinds[index];
    if (kind === TOKEN_KIND.open) {
      stack.push(index);
    } else if (kind === TOKEN_KIND.close) {
      const opener = stack.pop();
      if (opener === undefined) {
        throw unbalanced(table, source, file, index, `unexpected closing delimiter \`${texts[index]}\``);
      }
      const expected = CLOSER_OF[texts[opener] ?? ''];
      if (expected !== texts[index]) {
        throw unbalanced(table, source, file, opener, `unclosed delimiter \`${texts[opener]}\` (found \`${texts[index]}\` first)`);
      }
      partners[opener] = index;
      partners[index] = opener;
    }
  }
  const unclosed = stack.pop();
  if (unclosed !== undefined) {
    throw unbalanced(table, source, file, unclosed, `unclosed delimiter \`${table.texts[unclosed]}\` (reached the end of the file)`);
  }
}

function unbalanced(table: TokenTable, source: SourceText, file: string, index: number, message: string): InputError {
  const position = table.starts[index] ?? 0;
  return new InputError('unbalanced-delimiter', message, {
    file,
    line: source.lineIndexAt(position) + 1,
    column: source.columnAt(position),
  });
}
