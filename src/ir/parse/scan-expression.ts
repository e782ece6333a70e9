import { TOKEN_KIND } from '../../core/source-parser.js';
import { skipGenericArguments } from '../syntax/skip-generic-arguments.js';
import type { TokenTable } from '../syntax/token-table.js';
import { isBulletOperatorAt, isOpenAt, isPunctuationAt, isTypeLikeWord } from '../syntax/token-predicates.js';

export interface ExpressionScanOptions {
  /** Stop at a top-level comma (clause expressions, arguments). */
  stopAtComma: boolean;
  /** Stop at a `{` group that belongs to the enclosing construct: a function or loop body, the block of `if`/`while`. */
  stopAtBrace: boolean;
  /** Words that end the expression at top level (clause keywords), unless they follow `.` or `::`. */
  stopWords: ReadonlySet<string> | null;
}

/** Keywords after which an operand (not an operator) comes. */
const OPERAND_KEYWORDS = new Set([
  'return', 'in', 'if', 'match', 'while', 'for', 'loop', 'let', 'else', 'move', 'mut', 'ref', 'box', 'as', 'dyn', 'impl',
  'forall', 'exists', 'choose', 'break', 'yield', 'unsafe', 'async', 'const',
]);
/** Keywords whose next top-level `{` group is their own block, not the enclosing body. */
const BLOCK_KEYWORDS = new Set(['if', 'match', 'while', 'for', 'loop']);

/**
 * Finds where an expression starting at `from` ends: the index of the stop token (a top-level comma,
 * `;`, a stop word, the enclosing body's `{`, a closing delimiter) or `limit`. Groups are skipped
 * whole; commas inside closure/quantifier binders (`forall|i: int, j: int|`) and generic arguments
 * (`Map<int, int>`, `Seq::<u8>::empty()`) do not stop it; the blocks of `if`/`match`/closures are part
 * of the expression. This is a token-level approximation of the Rust expression grammar, sufficient
 * to delimit clause expressions and loop heads.
 */
export function scanExpression(tokens: TokenTable, from: number, limit: number, options: ExpressionScanOptions): number {
  const { kinds, texts, partners } = tokens;
  let operandExpected = true;
  let pendingBlocks = 0;
  let index = from;
  while (index < limit) {
    const kind = kinds[index];
    const text = texts[index] ?? '';
    if (kind === TOKEN_KIND.open) {
      if (text === '{') {
        if (pendingBlocks > 0) pendingBlocks--;
        else if (options.stopAtBrace && (index === from || !operandExpected)) return index;
      }
      index = (partners[index] ?? index) + 1;
      operandExpected = false;
      continue;
    }
    if (kind === TOKEN_KIND.close) return index;
    if (kind === TOKEN_KIND.word) {
      if (options.stopWords?.has(text) === true && !followsPathOrField(tokens, index, from)) return index;
      if (BLOCK_KEYWORDS.has(text)) pendingBlocks++;
      else if (text === 'else' && isOpenAt(tokens, index + 1, '{')) pendingBlocks++;
      operandExpected = OPERAND_KEYWORDS.has(text);
      index++;
      continue;
    }
    if (kind !== TOKEN_KIND.punctuation) {
      operandExpected = false;
      index++;
      continue;
    }
    if (isBulletOperatorAt(tokens, index)) {
      operandExpected = true;
      index += 2;
      continue;
    }
    switch (text) {
      case ',':
        if (options.stopAtComma) return index;
        operandExpected = true;
        index++;
        continue;
      case ';':
        return index;
      case '#':
        index = skipAttribute(tokens, index);
        continue;
      case "'":
        index += kinds[index + 1] === TOKEN_KIND.word ? 2 : 1;
        continue;
      case '?':
        operandExpected = false;
        index++;
        continue;
      case '::':
      case '.':
        operandExpected = false;
        index++;
        continue;
      case '|':
      case '||':
        if (operandExpected) {
          index = skipClosureParameters(tokens, index, limit);
          if (isPunctuationAt(tokens, index, '->')) pendingBlocks++;
          operandExpected = true;
          continue;
        }
        break;
      case '<': {
        const end = opensGenerics(tokens, index, from, operandExpected) ? skipGenericArguments(tokens, index, limit) : -1;
        if (end > 0) {
          index = end;
          operandExpected = false;
          continue;
        }
        break;
      }
      default:
        break;
    }
    operandExpected = true;
    index++;
  }
  return limit;
}

function followsPathOrField(tokens: TokenTable, index: number, from: number): boolean {
  return index > from && (isPunctuationAt(tokens, index - 1, '.') || isPunctuationAt(tokens, index - 1, '::'));
}

function opensGenerics(tokens: TokenTable, index: number, from: number, operandExpected: boolean): boolean {
  if (operandExpected) return true;
  if (index <= from) return false;
  if (isPunctuationAt(tokens, index - 1, '::')) return true;
  return tokens.kinds[index - 1] === TOKEN_KIND.word && isTypeLikeWord(tokens.texts[index - 1] ?? '');
}

/** At `#`: skips `#[...]` or `#![...]`; a lone `#` is skipped alone. */
export function skipAttribute(tokens: TokenTable, index: number): number {
  let next = index + 1;
  if (isPunctuationAt(tokens, next, '!')) next++;
  return isOpenAt(tokens, next, '[') ? (tokens.partners[next] ?? next) + 1 : index + 1;
}

/** At `|` or `||` in operand position: returns the index after the closing bar of the binder list. */
export function skipClosureParameters(tokens: TokenTable, index: number, limit: number): number {
  if (tokens.texts[index] === '||') return index + 1;
  for (let next = index + 1; next < limit; next++) {
    const kind = tokens.kinds[next];
    if (kind === TOKEN_KIND.open) next = tokens.partners[next] ?? next;
    else if (kind === TOKEN_KIND.close) return index + 1;
    else if (kind === TOKEN_KIND.punctuation && tokens.texts[next] === '|') return next + 1;
    else if (kind === TOKEN_KIND.punctuation && tokens.texts[next] === ';') return index + 1;
  }
  return index + 1;
}
