import type { ReviewResult } from '../review-result.js';
import { findingSourceKey, type ReviewFinding } from './review-finding.js';

/**
 * The review as the text, Markdown and HTML reports show it under `--baseline`: the known findings'
 * entries left out of the lists (a known survivor is not listed, a known witness not shown), the
 * per-function table as it was, and `findings` counting the new ones. Only a view: the recorded
 * review and the SARIF keep everything.
 */
export function hideKnownFindings(review: ReviewResult, known: readonly ReviewFinding[]): ReviewResult {
  const hidden = new Set(known.map((finding) => findingSourceKey(finding.source)));
  return {
    ...review,
    mutants: review.mutants.filter((entry) => !hidden.has(findingSourceKey({ kind: 'mutant', id: entry.mutant.id }))),
    vacuity: review.vacuity.filter((_, index) => !hidden.has(findingSourceKey({ kind: 'vacuity', index }))),
    entailment: review.entailment.filter((_, index) => !hidden.has(findingSourceKey({ kind: 'entailment', index }))),
    ...(review.specChecks === undefined
      ? {}
      : {
          specChecks: review.specChecks.map((check, checkIndex) => ({
            ...check,
            counterexamples: check.counterexamples.filter((_, index) => !hidden.has(findingSourceKey({ kind: 'spec-counterexample', check: checkIndex, index }))),
            weakWitness: hidden.has(findingSourceKey({ kind: 'weak-witness', check: checkIndex })) ? null : check.weakWitness,
          })),
        }),
    findings: review.findings - known.length,
  };
}
