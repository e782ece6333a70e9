import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import type { BaselineComparison } from '../review/baseline/compare-with-baseline.js';
import type { ReviewBaseline } from '../review/baseline/review-baseline.js';
import type { ReviewFinding } from '../review/baseline/review-finding.js';
import type { ChangeSelection } from '../review/changes/change-selection.js';
import { parseFailOn, type FailOn } from '../review/gate/fail-on.js';
import type { ReviewResult } from '../review/review-result.js';
import { checkOutputPath } from './check-output-path.js';

/** The review's CI options, checked before any work: a bad baseline or a bad value is exit 2 with nothing written. */
export interface ReviewGateOptions {
  failOn: FailOn;
  annotations: 'github' | null;
  baseline: { file: string; content: ReviewBaseline } | null;
  writeBaseline: string | null;
}

export async function prepareReviewGate(options: { failOn?: string; annotations?: string; baseline?: string; writeBaseline?: string }, crate: string, reports: readonly string[]): Promise<ReviewGateOptions> {
  if (options.annotations !== undefined && options.annotations !== 'github') throw new ConfigurationError(`--annotations ${options.annotations}: the only format is github. Example: --annotations github`);
  const failOn = parseFailOn(options.failOn, options.baseline !== undefined);
  const { readReviewBaseline } = await import('../review/baseline/read-review-baseline.js');
  const baseline = options.baseline === undefined ? null : { file: options.baseline, content: await readReviewBaseline(options.baseline) };
  const writeBaseline = options.writeBaseline === undefined ? null : await checkOutputPath({ option: '--write-baseline', path: options.writeBaseline, kind: 'file', protectedCrates: [crate] });
  if (writeBaseline !== null && reports.includes(writeBaseline)) throw new ConfigurationError(`--write-baseline ${options.writeBaseline}: a report already writes this file; give the baseline its own path`);
  return { failOn, annotations: options.annotations === 'github' ? 'github' : null, baseline, writeBaseline };
}

/** The findings of a finished review against the baseline, with the texts their fingerprints read. */
export interface ReviewFindingsOutcome {
  findings: ReviewFinding[];
  comparison: BaselineComparison | null;
  /** The findings the gate and the annotations are about: the new ones under a baseline, else all. */
  reported: ReviewFinding[];
  /** Where the crate sits in its git repository ('' at the top, or outside git): annotations and Code Quality paths start there. */
  pathPrefix: string;
}

export async function compareReviewFindings(review: ReviewResult, gate: ReviewGateOptions): Promise<ReviewFindingsOutcome> {
  const { collectReviewFindings } = await import('../review/baseline/collect-review-findings.js');
  const { compareWithBaseline } = await import('../review/baseline/compare-with-baseline.js');
  const sources = new Map<string, string>();
  for (const file of review.files) sources.set(file, await readFile(path.join(review.crateDir, file), 'utf8').catch(() => ''));
  const findings = collectReviewFindings(review, sources);
  const comparison = gate.baseline === null ? null : compareWithBaseline(gate.baseline.file, findings, gate.baseline.content);
  const { readCrateRepositoryPath } = await import('../ledger/crate-repository-path.js');
  const pathPrefix = (await readCrateRepositoryPath(review.crateDir))?.prefix ?? '';
  return { findings, comparison, reported: comparison === null ? findings : comparison.new, pathPrefix };
}

/** After the reports: the baseline file, the step summary (when `GITHUB_STEP_SUMMARY` is set) and the annotations. */
export async function writeReviewGateOutputs(review: ReviewResult, outcome: ReviewFindingsOutcome, gate: ReviewGateOptions, selection: ChangeSelection | null, environment: NodeJS.ProcessEnv): Promise<string> {
  if (gate.writeBaseline !== null) {
    const { createReviewBaseline } = await import('../review/baseline/review-baseline.js');
    await writeFile(gate.writeBaseline, `${JSON.stringify(createReviewBaseline(review.id, outcome.findings), null, 2)}\n`);
  }
  const summaryFile = environment['GITHUB_STEP_SUMMARY'];
  if (summaryFile !== undefined && summaryFile !== '') {
    const { renderReviewStepSummary } = await import('../review/report/render-review-step-summary.js');
    const changes = selection === null ? null : { base: selection.base, functions: selection.functions.length, deleted: selection.deleted.length };
    await appendFile(summaryFile, renderReviewStepSummary(review, outcome.reported, { changes, baseline: outcome.comparison }));
  }
  if (gate.annotations !== 'github') return '';
  const { renderGithubAnnotations } = await import('../review/report/render-github-annotations.js');
  return renderGithubAnnotations(outcome.reported, outcome.pathPrefix);
}

/** The line under the review's text with `--baseline`: new, hidden, and gone. */
export function describeBaseline(comparison: BaselineComparison | null): string {
  if (comparison === null) return '';
  return `baseline ${comparison.file}: ${comparison.new.length} new finding(s), ${comparison.unchanged.length} known finding(s) hidden${comparison.absent === 0 ? '' : `, ${comparison.absent} baseline finding(s) no longer found`}\n`;
}
