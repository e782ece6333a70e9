import type { SpannedText } from '../../core/span.js';
import type { Clause, ClauseExpression, ClauseKind } from '../clause.js';
import type { ParseContext } from './parse-context.js';
import { scanExpression, type ExpressionScanOptions } from './scan-expression.js';
import { isBulletOperatorAt, isOpenAt, isPunctuationAt } from '../syntax/token-predicates.js';
import { TOKEN_KIND } from '../../core/source-parser.js';

export interface ParsedClauses {
  clauses: Clause[];
  /** Index of the first token after the clauses: the body `{`, the `;`, or whatever else follows. */
  end: number;
}

/**
 * Parses consecutive clauses (`requires a, b, ensures c decreases n`) starting at `from`. Each clause
 * runs from its keyword to the next clause keyword, the body `{` or `;`; its expressions are split on
 * top-level commas (see scanExpression for what is not a separator).
 */
export function parseClauses(context: ParseContext, from: number, limit: number, keywords: ReadonlySet<string>): ParsedClauses {
  const tokens = context.tokens;
  const clauses: Clause[] = [];
  let index = from;
  while (index < limit && tokens.kinds[index] === TOKEN_KIND.word && keywords.has(tokens.texts[index] ?? '')) {
    const keywordIndex = index;
    const expressions: ClauseExpression[] = [];
    let trailingComma = false;
    index++;
    while (index < limit && !startsClauseOrBody(context, index, keywords)) {
      const end = scanExpression(tokens, index, limit, clauseScanOptions(keywords));
      if (end === index) break;
      expressions.push(createClauseExpression(context, index, end, expressions.length));
      index = end;
      trailingComma = isPunctuationAt(tokens, index, ',');
      if (!trailingComma) break;
      index++;
    }
    clauses.push({
      kind: tokens.texts[keywordIndex] as ClauseKind,
      keyword: context.spannedText(keywordIndex, keywordIndex + 1),
      span: context.span(keywordIndex, index),
      expressions,
      trailingComma,
    });
  }
  return { clauses, end: index };
}

const optionsByKeywords = new WeakMap<ReadonlySet<string>, ExpressionScanOptions>();

/** One options object per keyword set: this runs for every clause expression of a large file. */
function clauseScanOptions(keywords: ReadonlySet<string>): ExpressionScanOptions {
  let options = optionsByKeywords.get(keywords);
  if (options === undefined) {
    options = { stopAtComma: true, stopAtBrace: true, stopWords: keywords };
    optionsByKeywords.set(keywords, options);
  }
  return options;
}

function startsClauseOrBody(context: ParseContext, index: number, keywords: ReadonlySet<string>): boolean {
  const tokens = context.tokens;
  if (tokens.kinds[index] === TOKEN_KIND.word && keywords.has(tokens.texts[index] ?? '')) return true;
  return isOpenAt(tokens, index, '{') || isPunctuationAt(tokens, index, ';');
}

function createClauseExpression(context: ParseContext, first: number, end: number, index: number): ClauseExpression {
  return { text: context.text(first, end), span: context.span(first, end), index, bullets: splitBullets(context, first, end) };
}

/** For an expression that starts with `&&&` or `|||`, the bullets without their operators. */
export function splitBullets(context: ParseContext, first: number, end: number): SpannedText[] {
  const tokens = context.tokens;
  if (!isBulletOperatorAt(tokens, first)) return [];
  const operator = tokens.texts[first];
  const bullets: SpannedText[] = [];
  let bulletStart = first + 2;
  for (let index = bulletStart; index <= end; index++) {
    const atBoundary = index === end || (tokens.texts[index] === operator && isBulletOperatorAt(tokens, index));
    if (atBoundary) {
      if (index > bulletStart) bullets.push(context.spannedText(bulletStart, index));
      bulletStart = index + 2;
      index++;
    } else if (tokens.kinds[index] === TOKEN_KIND.open) {
      index = tokens.partners[index] ?? index;
    }
  }
  return bullets;
}
