import type { ReviewResult } from '../review-result.js';
import { WEAK_WITNESS_CAVEAT, type ReviewSpecCheck } from '../spec-tests/review-spec-check.js';

/**
 * The spec tests of a review as plain lines, shared by the text, Markdown and HTML reports: how many of
 * the original's clauses are executable, each function's check, each counterexample (the original's,
 * and the one that killed each mutant before Verus) and each weak-postcondition witness.
 */
export interface ReviewSpecTestLines {
  header: string;
  functions: string[];
  findings: string[];
  killed: string[];
}

export function reviewSpecTestLines(review: ReviewResult): ReviewSpecTestLines {
  const checks = review.specChecks;
  const killed = review.mutants.flatMap(({ mutant, verdict }) => (verdict.status === 'killed-by-spec-tests' ? [`${mutant.id} ${mutant.file}:${mutant.line}:${mutant.column} ${mutant.function} ${mutant.operator}: ${mutant.original.replace(/\s+/g, ' ').trim() || '(statement)'} -> ${mutant.replacement || '(deleted)'}; counterexample: ${verdict.counterexample}`] : []));
  if (checks === undefined) return { header: 'spec tests: off', functions: [], findings: [], killed };
  const executable = checks.reduce((total, check) => total + check.executableClauses, 0);
  const clauses = checks.reduce((total, check) => total + check.clauses, 0);
  const checked = checks.filter((check) => check.status === 'checked').length;
  return {
    header: `spec tests: ${checked} of ${checks.length} function(s) checked, ${executable} of ${clauses} clause(s) executable; ${killed.length} mutant(s) killed by spec tests before Verus`,
    functions: checks.map(describeCheck),
    findings: checks.flatMap((check) => [
      ...check.counterexamples.map((line) => `counterexample on the original ${check.file}:${check.line} ${check.function}: ${line}`),
      ...(check.weakWitness === null ? [] : [`weak-postcondition-witness ${check.file}:${check.line} ${check.function}: ${describeWitnessFinding(check.weakWitness)}`]),
    ]),
    killed,
  };
}

/** The witness as the finding says it, with what it does not prove. */
export function describeWitnessFinding(witness: string): string {
  return `${witness}: the postcondition does not pin the result down (${WEAK_WITNESS_CAVEAT})`;
}

function describeCheck(check: ReviewSpecCheck): string {
  const where = `${check.function} (${check.file}:${check.line}): ${check.executableClauses} of ${check.clauses} clause(s) executable`;
  const skipped = check.notExecutable.length === 0 ? '' : `; not executable, no claim: ${check.notExecutable.join('; ')}`;
  if (check.status === 'checked' && check.counts !== null) return `${where}; ${check.counts.tried} inputs tried, ${check.counts.satisfyingRequires} satisfying the requires${skipped}`;
  return `${where}; ${check.status === 'checked' ? 'checked' : check.status}, no claim${check.reason === null ? '' : `: ${check.reason.split('\n')[0]}`}`;
}
