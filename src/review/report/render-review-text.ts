import { sanitizeUntrustedText } from '../../core/sanitize-untrusted-text.js';
import { describeReproofModelOrigins, describeReviewOrigins } from '../collect-review-origins.js';
import type { ReviewResult } from '../review-result.js';
import { reviewSpecTestLines } from './render-review-spec-tests.js';
import { REVIEW_TABLE_HEADER, reviewTableRows } from './render-review-table.js';

/** The review on a terminal: an aligned table, the survivors and the vacuity findings. */
export function renderReviewText(review: ReviewResult): string {
  const rows = [REVIEW_TABLE_HEADER, ...reviewTableRows(review.functions)];
  const widths = REVIEW_TABLE_HEADER.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const lines = [`review ${review.id}`, `verifier: ${describeReviewOrigins(review)}`];
  if (review.reprove === true) lines.push(`re-proof model: ${describeReproofModelOrigins(review.mutants)}`);
  if (review.originalPrecheck !== undefined) lines.push(`erased pre-check of the original: ${review.originalPrecheck.detail}`);
  const specTests = reviewSpecTestLines(review);
  lines.push(specTests.header, ...specTests.functions.map((line) => `  ${line}`));
  for (const row of rows) lines.push(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '));
  for (const { mutant, verdict, reproof } of review.mutants) {
    if (reproof?.status === 'proved') lines.push(`proven survivor ${mutant.id} ${mutant.file}:${mutant.line}:${mutant.column} ${mutant.function} ${mutant.operator}: ${mutant.original.trim() || '(statement)'} -> ${mutant.replacement || '(deleted)'}; killed by Verus, re-proved by the repair loop (${reproof.repository}, ${reproof.ledgerBranch} ${reproof.verifiedCommit.slice(0, 10)}); proof:`, ...reproof.proof.trimEnd().split('\n').map((line) => `    ${line}`));
    if (reproof !== undefined && reproof.status !== 'proved') lines.push(`re-prove ${mutant.id}: ${reproof.status === 'not-proved' ? `not proved (${reproof.stopReason}; ${reproof.ledgerBranch} in ${reproof.repository})` : `error: ${reproof.message}`}`);
    if (verdict.status === 'survived') lines.push(`survived ${mutant.id} ${mutant.file}:${mutant.line}:${mutant.column} ${mutant.function} ${mutant.operator}: ${mutant.original.trim() || '(statement)'} -> ${mutant.replacement || '(deleted)'}`);
    if (verdict.status === 'unsettled') lines.push(`unsettled ${mutant.id} ${mutant.file}:${mutant.line}:${mutant.column} ${mutant.function}: ${verdict.reason}`);
  }
  for (const line of specTests.killed) lines.push(`killed by spec tests ${line}`);
  lines.push(...specTests.findings);
  for (const result of review.vacuity) if (result.verdict === 'vacuous') lines.push(`vacuous ${result.probe.file}:${result.probe.line} ${result.probe.function}: ${result.probe.kind} (${result.probe.description})`);
  for (const result of review.entailment) {
    if (result.verdict !== 'holds') lines.push(`entailment ${result.verdict} ${result.file}:${result.line} ${result.function}: ${result.direction === 'requires' ? 'old requires => new requires' : 'new ensures => old ensures'} (old: ${result.oldClauses.join('; ') || 'none'} | new: ${result.newClauses.join('; ') || 'none'})`);
  }
  if (review.trustedAdded !== null) lines.push(`trusted assumptions added since ${review.against}: ${review.trustedAdded.length}`);
  lines.push(`trusted base: ${review.trusted.length} assumption(s); ${review.findings} finding(s)`);
  // A re-proof quotes the model's code as written: strip escapes from the whole output, as the run report does.
  return `${sanitizeUntrustedText(lines.join('\n'))}\n`;
}
