import { z } from 'zod';
import type { ReviewFinding } from './review-finding.js';

export const REVIEW_BASELINE_SCHEMA = 'verus-repair/review-baseline@1';

/** One known finding: the fingerprint decides, the rest is there for the people who read the file. */
const baselineEntry = z.strictObject({
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex digits (a sha256)'),
  kind: z.string(),
  file: z.string(),
  function: z.string(),
  line: z.number().int().positive(),
  message: z.string(),
});

export const reviewBaselineShape = z.strictObject({
  schema: z.literal(REVIEW_BASELINE_SCHEMA),
  /** The review that wrote it. */
  review: z.string(),
  findings: z.array(baselineEntry),
});

/** `review --write-baseline FILE`: the findings of a review, known from now on. */
export type ReviewBaseline = z.infer<typeof reviewBaselineShape>;

/** The baseline of a review's findings, entries sorted by file, function and line (a diff of two baselines reads well). */
export function createReviewBaseline(reviewId: string, findings: readonly ReviewFinding[]): ReviewBaseline {
  const entries = findings.map(({ fingerprint, kind, file, function: name, line, message }) => ({ fingerprint, kind, file, function: name, line, message }));
  entries.sort((a, b) => a.file.localeCompare(b.file) || a.function.localeCompare(b.function) || a.line - b.line || a.fingerprint.localeCompare(b.fingerprint));
  return { schema: REVIEW_BASELINE_SCHEMA, review: reviewId, findings: entries };
}
