import { TOKEN_KIND } from '../../core/source-parser.js';
import { InputError } from '../../core/errors.js';
import type { SourceText } from '../span/source-text.js';
import type { TokenTable } from './token-table.js';

const CLOSER_OF: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * The deepest nesting of delimiters the IR accepts. Some walkers over the IR and its consumers
 * recurse per nested block (a 2,000-deep block of asserts overflowed the body scanner), so a bound
 * well under that keeps every one of them inside the call stack; hand-written code, and a model's
 * answer worth verifying, nests a few dozen levels at most.
 */
export const MAXIMUM_NESTING_DEPTH = 500;

/**
 * Pairs every `(` `[` `{` with its closer in `table.partners`. Delimiters must balance (they do in
 * any file rustc accepts), so the first problem is an InputError at the unmatched delimiter: the
 * innermost unclosed opener for a mismatch or a missing closer, or the stray closer. Nesting deeper
 * than MAXIMUM_NESTING_DEPTH is an InputError at the first opener past the bound.
 */
export function matchDelimiters(table: TokenTable, source: SourceText, file: string): void {
  const stack: number[] = [];
  const { kinds, texts, partners } = table;
  for (let index = 0; index < table.count; index++) {
    const kind = kinds[index];
    if (kind === TOKEN_KIND.open) {
      if (stack.length === MAXIMUM_NESTING_DEPTH) throw tooDeep(table, source, file, index);
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

function tooDeep(table: TokenTable, source: SourceText, file: string, index: number): InputError {
  return new InputError(
    'nesting-too-deep',
    `\`${table.texts[index]}\` nests more than ${MAXIMUM_NESTING_DEPTH} delimiters deep; verus-repair parses at most that depth: name the inner parts with \`let\` bindings or helper functions`,
    positionOf(table, source, file, index),
  );
}

function unbalanced(table: TokenTable, source: SourceText, file: string, index: number, message: string): InputError {
  return new InputError('unbalanced-delimiter', message, positionOf(table, source, file, index));
}

function positionOf(table: TokenTable, source: SourceText, file: string, index: number): { file: string; line: number; column: number } {
  const position = table.starts[index] ?? 0;
  return {
    file,
    line: source.lineIndexAt(position) + 1,
    column: source.columnAt(position),
  };
}
