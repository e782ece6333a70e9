import { sanitizeUntrustedText } from '../../core/sanitize-untrusted-text.js';
import type { BaselineComparison } from '../baseline/compare-with-baseline.js';
import type { ReviewFinding } from '../baseline/review-finding.js';
import type { ReviewResult } from '../review-result.js';
import { countMutants } from './count-mutants.js';

/** What the summary says above its table: what was reviewed and against which baseline. */
export interface StepSummaryContext {
  /** `--since`/`--in-diff`: the base and how many functions it selected; null for a whole review. */
  changes: { base: string; functions: number; deleted: number } | null;
  baseline: BaselineComparison | null;
}

const HEADER = ['function', 'file', 'mutants', 'stillborn', 'killed by tests', 'killed by spec tests', 'killed by Verus', 'survivors', 'witnesses', 'vacuity'];

/**
 * The review for `$GITHUB_STEP_SUMMARY`: one line of what was reviewed, a table of the reviewed
 * functions (mutants, killed per stage, survivors, weak-postcondition witnesses, vacuity findings),
 * then the findings to act on (the new ones under a baseline), each with its mutant's diff.
 */
export function renderReviewStepSummary(review: ReviewResult, findings: readonly ReviewFinding[], context: StepSummaryContext): string {
  const scope = context.changes === null ? `${review.functions.length} function(s)` : `${review.functions.length} function(s) changed since \`${context.changes.base}\``;
  const hidden = context.baseline === null ? '' : `; ${context.baseline.unchanged.length} known finding(s) hidden by the baseline \`${context.baseline.file}\``;
  const lines = ['## verus-repair review', '', `Reviewed ${scope}: ${countMutants(review)} mutant(s), ${findings.length} ${context.baseline === null ? '' : 'new '}finding(s)${hidden}.`, ''];
  const witnesses = new Map((review.specChecks ?? []).map((check) => [`${check.file}\0${check.function}`, check.counterexamples.length + (check.weakWitness === null ? 0 : 1)]));
  lines.push(`| ${HEADER.join(' | ')} |`, `|${HEADER.map((_, index) => (index < 2 ? ' --- ' : ' ---: ')).join('|')}|`);
  for (const row of review.functions) {
    const cells = [`\`${row.function}\``, `${row.file}:${row.line}`, row.mutants, row.counts.stillborn, row.counts['killed-by-tests'], row.counts['killed-by-spec-tests'], row.counts['killed-by-verus'] - row.provenSurvivors, row.counts.survived + row.provenSurvivors, witnesses.get(`${row.file}\0${row.function}`) ?? 0, row.vacuityFindings];
    lines.push(`| ${cells.map((cell) => escapeCell(String(cell))).join(' | ')} |`);
  }
  lines.push('', `### ${context.baseline === null ? 'Findings' : 'New findings'} (${findings.length})`, '');
  if (findings.length === 0) lines.push(context.baseline === null ? 'None.' : 'None: every finding is in the baseline.', '');
  for (const finding of findings) {
    lines.push(`- **${finding.kind}** \`${finding.function}\` ${finding.file}:${finding.line}: ${finding.message}`, '');
    if (finding.diff !== null) lines.push('  ```diff', ...finding.diff.trimEnd().split('\n').map((line) => `  ${line}`), '  ```', '');
  }
  return `${sanitizeUntrustedText(lines.join('\n')).trimEnd()}\n`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The step summary of a review of changes that found nothing to review (no build, no verifier call). */
export function renderNothingChangedSummary(base: string, deleted: number): string {
  return `## verus-repair review\n\nNothing to review: no exec code or spec of an exec function changed since \`${sanitizeUntrustedText(base)}\`${deleted === 0 ? '' : ` (${deleted} function(s) deleted)`}.\n`;
}
