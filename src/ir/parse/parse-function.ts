import { TOKEN_KIND } from '../../core/source-parser.js';
import type { SpannedText } from '../../core/span.js';
import { FUNCTION_CLAUSE_KINDS, type Clause } from '../clause.js';
import { collectTriggers } from './collect-triggers.js';
import { classifyFunctionModifiers } from './function-mode.js';
import type { FunctionItem } from '../function-item.js';
import type { ItemScope } from './item-scope.js';
import { parseClauses } from './parse-clauses.js';
import type { ParseContext } from './parse-context.js';
import type { ItemPrefix } from './parse-item-prefix.js';
import { parseParameters } from './parse-parameters.js';
import { parseReturnValue } from './parse-return-value.js';
import { scanFunctionBody } from './scan-function-body.js';
import { scanType } from './scan-type.js';
import { skipGenericArguments } from '../syntax/skip-generic-arguments.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

export const FUNCTION_CLAUSE_KEYWORDS: ReadonlySet<string> = new Set(FUNCTION_CLAUSE_KINDS);
const SIGNATURE_STOP_WORDS: ReadonlySet<string> = new Set([...FUNCTION_CLAUSE_KINDS, 'where']);

/**
 * Parses a function from its prefix (attributes, visibility, modifiers) and the `fn` keyword at
 * `prefix.keywordIndex`. Returns null when the tokens are not a well-formed function header; the
 * caller records that as unknown syntax.
 */
export function parseFunction(context: ParseContext, prefix: ItemPrefix, itemStart: number, limit: number, scope: ItemScope): { item: FunctionItem; end: number } | null {
  const tokens = context.tokens;
  const nameIndex = prefix.keywordIndex + 1;
  if (tokens.kinds[nameIndex] !== TOKEN_KIND.word) return null;
  let index = nameIndex + 1;
  let generics = null;
  if (isPunctuationAt(tokens, index, '<')) {
    const end = skipGenericArguments(tokens, index, limit);
    if (end < 0) return null;
    generics = context.spannedText(index, end);
    index = end;
  }
  if (!isOpenAt(tokens, index, '(')) return null;
  const parameters = parseParameters(context, index);
  index = (tokens.partners[index] ?? index) + 1;
  const returned = parseReturnValue(context, index, limit, SIGNATURE_STOP_WORDS);
  index = returned.end;
  let whereClause = null;
  if (isWordAt(tokens, index, 'where')) {
    const end = scanType(tokens, index + 1, limit, FUNCTION_CLAUSE_KEYWORDS);
    whereClause = context.spannedText(index, end);
    index = end;
  }
  const signatureEnd = index;
  const { clauses, prover, end: clausesEnd } = parseClausesAndProver(context, index, limit);
  const hasBody = isOpenAt(tokens, clausesEnd, '{');
  if (!hasBody && !isPunctuationAt(tokens, clausesEnd, ';')) return null;
  const end = hasBody ? (tokens.partners[clausesEnd] ?? clausesEnd) + 1 : clausesEnd + 1;
  const name = tokens.texts[nameIndex] ?? '';
  const qualifiedName = `${scope.namePrefix}${name}`;
  const { mode, baseMode, qualifiers } = classifyFunctionModifiers(prefix.modifiers);
  const scanned = hasBody ? scanFunctionBody(context, qualifiedName, clausesEnd, baseMode === 'proof') : null;
  const item: FunctionItem = {
    kind: 'function',
    name,
    qualifiedName,
    span: context.span(itemStart, end),
    attributes: prefix.attributes,
    visibility: prefix.visibility,
    insideVerus: scope.insideVerus,
    modulePath: scope.modulePath,
    mode,
    baseMode,
    qualifiers,
    owner: scope.owner,
    nameSpan: context.span(nameIndex, nameIndex + 1),
    signatureSpan: context.span(prefix.modifiersStart, signatureEnd),
    generics,
    parameters,
    returnValue: returned.value,
    whereClause,
    prover,
    clauses,
    body: scanned?.body ?? null,
    loops: scanned?.loops ?? [],
    proofStatements: scanned?.proofStatements ?? [],
    triggers: collectTriggers(context, signatureEnd, end),
  };
  context.functions.push(item);
  return { item, end };
}

/** Clauses, with a whole-function prover (`proof fn f(x: int) by (nonlinear_arith) requires ..`) before or between them. */
function parseClausesAndProver(context: ParseContext, from: number, limit: number): { clauses: Clause[]; prover: SpannedText | null; end: number } {
  const tokens = context.tokens;
  const clauses: Clause[] = [];
  let prover: SpannedText | null = null;
  let index = from;
  for (;;) {
    const parsed = parseClauses(context, index, limit, FUNCTION_CLAUSE_KEYWORDS);
    clauses.push(...parsed.clauses);
    index = parsed.end;
    if (prover !== null || !isWordAt(tokens, index, 'by') || !isOpenAt(tokens, index + 1, '(')) return { clauses, prover, end: index };
    const close = tokens.partners[index + 1] ?? index + 1;
    prover = context.spannedText(index + 2, close);
    index = close + 1;
  }
}
