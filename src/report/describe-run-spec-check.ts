import type { RunSpecCheck } from './run-report.js';

/**
 * The run header's spec-check lines (counterexample levels): how many of the targets' clauses are
 * executable, and each counterexample. Evidence from running the erased code; a run without a
 * counterexample has proved nothing by it.
 */
export function describeRunSpecCheck(check: RunSpecCheck): string[] {
  if (check.skipped !== null) return [`spec check: skipped (${check.skipped})`];
  const functions = check.functions.map((entry) => `${entry.function} ${entry.executableClauses}/${entry.clauses}${entry.reason === null ? `, ${entry.tried} inputs tried, ${entry.satisfyingRequires} satisfying the requires` : ` (${entry.reason})`}`).join('; ');
  const head = `spec check (the erased exec code was run): ${check.executableClauses} of ${check.clauses} clauses of the targets executable (${functions})`;
  return check.counterexamples.length === 0
    ? [`${head}; no counterexample, which proves nothing`]
    : [head, ...check.counterexamples.map((line) => `counterexample: ${line}`)];
}
