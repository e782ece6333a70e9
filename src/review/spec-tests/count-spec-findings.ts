import type { ReviewSpecCheck } from './review-spec-check.js';

/** The findings of the original's spec tests: each counterexample, and each weak-postcondition witness (one per function at most). */
export function countSpecFindings(checks: readonly ReviewSpecCheck[]): number {
  return checks.reduce((total, check) => total + check.counterexamples.length + (check.weakWitness === null ? 0 : 1), 0);
}
