import { writeFile } from 'node:fs/promises';
import { recordReview, type ReviewRecording } from '../ledger/record-review.js';
import { renderReviewHtml } from '../report/render-review-html.js';
import { renderReviewMarkdown } from '../report/render-review-markdown.js';
import { renderReviewSarif } from '../report/render-review-sarif.js';
import type { ReviewResult } from './review-result.js';

export interface ReviewOutputs {
  sarif?: string;
  html?: string;
  md?: string;
  record: boolean;
}

/** Writes the requested report files and records the review in git (unless `record` is false). */
export async function writeReviewReports(review: ReviewResult, outputs: ReviewOutputs): Promise<{ record: ReviewRecording | null }> {
  if (outputs.sarif !== undefined) await writeFile(outputs.sarif, `${JSON.stringify(renderReviewSarif(review), null, 2)}\n`);
  if (outputs.html !== undefined) await writeFile(outputs.html, renderReviewHtml(review));
  if (outputs.md !== undefined) await writeFile(outputs.md, renderReviewMarkdown(review));
  if (!outputs.record) return { record: null };
  return { record: await recordReview(review) };
}
