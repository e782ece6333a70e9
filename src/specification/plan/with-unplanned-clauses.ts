import type { FunctionItem } from '../../ir/index.js';
import type { FunctionSpecCheck } from '../report/spec-check-report.js';

/**
 * A function refused before its clauses were planned (a generic function, a trait method, a
 * parameter with no generator) still has them: each is listed, not executable for the function's
 * reason, so a report never says "0 of 0 clauses" of a function that has some.
 */
export const UNPLANNED_CLAUSE_REASON = 'the function is not executable: ';

export function withUnplannedClauses(result: FunctionSpecCheck, fn: FunctionItem): FunctionSpecCheck {
  if (result.status !== 'not-executable' || result.clauses.length > 0) return result;
  const reason = `${UNPLANNED_CLAUSE_REASON}${result.reason}`;
  const clauses = fn.clauses.flatMap((clause) => (clause.kind === 'requires' || clause.kind === 'ensures' ? clause.expressions.map((expression) => ({ kind: clause.kind as 'requires' | 'ensures', index: expression.index, text: expression.text, line: expression.span.lineStart, status: 'not-executable' as const, reason })) : []));
  return { ...result, clauses };
}
