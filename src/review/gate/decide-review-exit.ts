import type { ReviewResult } from '../review-result.js';
import type { FailOn } from './fail-on.js';

/** How a finished review ends: 0 nothing to report, 1 findings the gate fails on, 4 incomplete. */
export type ReviewGate =
  | { exitCode: 0 }
  | { exitCode: 1; findings: number }
  | { exitCode: 4; unsettled: number };

/**
 * The gate: findings first (all of them, the new ones, or none, as `--fail-on` says), then
 * incompleteness: a review with mutants or probes without a verdict is never a pass, whatever
 * `--fail-on` says, since an unsettled mutant may be a survivor.
 */
export function decideReviewExit(review: ReviewResult, newFindings: number, failOn: FailOn): ReviewGate {
  const failing = failOn === 'any-finding' ? review.findings : failOn === 'new-findings' ? newFindings : 0;
  if (failing > 0) return { exitCode: 1, findings: failing };
  const unsettled = review.mutants.filter((entry) => entry.verdict.status === 'unsettled').length + review.vacuity.filter((result) => result.verdict === 'unsettled').length;
  return unsettled > 0 ? { exitCode: 4, unsettled } : { exitCode: 0 };
}
