import type { ReviewResult } from '../review-result.js';

/**
 * The mutants a review generated, from the per-function table: under `--baseline` the reports'
 * mutant list leaves known survivors out (hideKnownFindings), the table never does.
 */
export function countMutants(review: ReviewResult): number {
  return review.functions.reduce((total, row) => total + row.mutants, 0);
}
