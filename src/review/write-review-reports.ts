import { writeFile } from 'node:fs/promises';
import { recordReview, type ReviewRecording } from './record/record-review.js';
import { renderReviewHtml } from './report/render-review-html.js';
import { renderReviewMarkdown } from './report/render-review-markdown.js';
import { renderReviewSarif, type SarifFindingContext } from './report/render-review-sarif.js';
import type { ReviewResult } from './review-result.js';
import { collectReviewFindings } from './baseline/collect-review-findings.js';
import type { ReviewFinding } from './baseline/review-finding.js';
import { renderReviewCodeQuality } from './report/render-review-code-quality.js';

/** Where to write each report (paths already checked by the CLI, before the review ran). */
export interface ReviewReportPaths {
  sarif?: string;
  html?: string;
  md?: string;
  /** GitLab Code Quality JSON (`--code-quality`). */
  codeQuality?: string;
}

export interface ReviewOutputs {
  reports: ReviewReportPaths;
  record: boolean;
  /** The findings' fingerprints and the baseline comparison, for SARIF. */
  sarif?: SarifFindingContext;
  /** What the HTML and Markdown reports show (known findings hidden under `--baseline`); default the review. */
  shown?: ReviewResult;
  /** The findings the Code Quality report lists (the new ones under a baseline) and where the crate sits in its repository. */
  codeQuality?: { findings: readonly ReviewFinding[]; pathPrefix: string };
}

/** A report that could not be written: the option, its path and the file system's reason. */
export interface ReportWriteFailure {
  option: '--sarif' | '--html' | '--md' | '--code-quality';
  path: string;
  message: string;
}

/**
 * Records the review in git (unless `record` is false), then writes the requested reports. The
 * record comes first: a report that cannot be written (a full disk, a path that became a
 * directory) must not cost the review itself. Each failed report is returned, not thrown, so the
 * others are still written and the caller names all of them.
 */
export async function writeReviewReports(review: ReviewResult, outputs: ReviewOutputs): Promise<{ record: ReviewRecording | null; failures: ReportWriteFailure[] }> {
  const record = outputs.record ? await recordReview(review) : null;
  const failures: ReportWriteFailure[] = [];
  const renderers: Array<[ReportWriteFailure['option'], string | undefined, () => string]> = [
    ['--sarif', outputs.reports.sarif, () => `${JSON.stringify(renderReviewSarif(review, outputs.sarif), null, 2)}\n`],
    ['--html', outputs.reports.html, () => renderReviewHtml(outputs.shown ?? review)],
    ['--md', outputs.reports.md, () => renderReviewMarkdown(outputs.shown ?? review)],
    ['--code-quality', outputs.reports.codeQuality, () => `${JSON.stringify(renderReviewCodeQuality(outputs.codeQuality?.findings ?? collectReviewFindings(review), outputs.codeQuality?.pathPrefix ?? ''), null, 2)}\n`],
  ];
  for (const [option, path, render] of renderers) {
    if (path === undefined) continue;
    try {
      await writeFile(path, render());
    } catch (error) {
      failures.push({ option, path, message: describeWriteError(error) });
    }
  }
  return { record, failures };
}

function describeWriteError(error: unknown): string {
  if (error instanceof Error) return 'code' in error && typeof error.code === 'string' ? `${error.code}: ${error.message.replace(/^[A-Z]+: /, '')}` : error.message;
  return String(error);
}
