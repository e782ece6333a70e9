import { LOOP_CLAUSE_KINDS, type Clause } from '../clause.js';
import { parseClauses } from './parse-clauses.js';
import type { ParseContext } from './parse-context.js';
import type { LoopHead } from './loop-head.js';

export type { LoopHead } from './loop-head.js';
import { scanExpression } from './scan-expression.js';
import { isOpenAt, isPunctuationAt, isWordAt, touchesPrevious } from '../syntax/token-predicates.js';
import { TOKEN_KIND } from '../../core/source-parser.js';

export const LOOP_CLAUSE_KEYWORDS: ReadonlySet<string> = new Set(LOOP_CLAUSE_KINDS);


/**
 * At a `while`/`loop`/`for` keyword: parses the header (`while cond`, `for pat in [name:] expr`), the
 * Verus clauses and finds the body. Null when no body `{` follows (not a loop, or malformed).
 */
export function parseLoopHead(context: ParseContext, keyword: number, limit: number): LoopHead | null {
  const cached = context.loopHeads.get(keyword);
  if (cached !== undefined) return cached;
  const head = readLoopHead(context, keyword, limit);
  context.loopHeads.set(keyword, head);
  return head;
}

function readLoopHead(context: ParseContext, keyword: number, limit: number): LoopHead | null {
  const tokens = context.tokens;
  const kind = tokens.texts[keyword] as LoopHead['kind'];
  const hasLabel = keyword >= 3 && isPunctuationAt(tokens, keyword - 1, ':') && tokens.kinds[keyword - 2] === TOKEN_KIND.word
    && isPunctuationAt(tokens, keyword - 3, "'") && touchesPrevious(tokens, keyword - 2);
  const head: LoopHead = {
    kind, first: hasLabel ? keyword - 3 : keyword, label: hasLabel ? `'${tokens.texts[keyword - 2]}` : null,
    headerEnd: keyword + 1, condition: null, pattern: null, iterator: null, iteratorName: null, clauses: [], bodyOpen: -1,
  };
  const expressionOptions = { stopAtComma: false, stopAtBrace: true, stopWords: LOOP_CLAUSE_KEYWORDS };
  if (kind === 'while') {
    const end = scanExpression(tokens, keyword + 1, limit, expressionOptions);
    head.condition = [keyword + 1, end];
    head.headerEnd = end;
  } else if (kind === 'for') {
    const inIndex = findTopLevelWord(context, keyword + 1, limit, 'in');
    if (inIndex === -1) return null;
    head.pattern = [keyword + 1, inIndex];
    let iteratorStart = inIndex + 1;
    if (tokens.kinds[iteratorStart] === TOKEN_KIND.word && isPunctuationAt(tokens, iteratorStart + 1, ':')) {
      head.iteratorName = iteratorStart;
      iteratorStart += 2;
    }
    const end = scanExpression(tokens, iteratorStart, limit, expressionOptions);
    head.iterator = [iteratorStart, end];
    head.headerEnd = end;
  }
  const parsed = parseClauses(context, head.headerEnd, limit, LOOP_CLAUSE_KEYWORDS);
  if (!isOpenAt(tokens, parsed.end, '{')) return null;
  head.clauses = parsed.clauses;
  head.bodyOpen = parsed.end;
  return head;
}

function findTopLevelWord(context: ParseContext, from: number, limit: number, word: string): number {
  const tokens = context.tokens;
  for (let index = from; index < limit; index++) {
    if (tokens.kinds[index] === TOKEN_KIND.open) {
      if (tokens.texts[index] === '{') return -1;
      index = tokens.partners[index] ?? index;
    } else if (isWordAt(tokens, index, word)) return index;
    else if (isPunctuationAt(tokens, index, ';')) return -1;
  }
  return -1;
}
