import { sanitizeUntrustedText } from '../../core/sanitize-untrusted-text.js';
import { describeReproofModelOrigins, describeReviewOrigins } from '../collect-review-origins.js';
import type { ReviewResult } from '../review-result.js';
import { countMutants } from './count-mutants.js';
import { reviewSpecTestLines } from './render-review-spec-tests.js';
import { REVIEW_TABLE_HEADER, reviewTableRows } from './render-review-table.js';

/** The review as Markdown for a pull request: the table, surviving mutants with diffs, vacuity, trusted base. */
export function renderReviewMarkdown(review: ReviewResult): string {
  const lines: string[] = [`## Specification review ${review.id}`, ''];
  lines.push(`Verifier: ${describeReviewOrigins(review)}.${review.reprove === true ? ` Re-proof model: ${describeReproofModelOrigins(review.mutants)}.` : ''}`, '');
  if (review.originalPrecheck !== undefined) lines.push(`Erased pre-check of the original: ${review.originalPrecheck.detail}.`, '');
  lines.push(`${countMutants(review)} mutants of ${review.files.join(', ')} (operators: ${review.operators.join(', ')}${review.sampledWithSeed === null ? '' : `; sampled from ${review.totalMutants}${review.sampledFromRewrites === true ? ' proposed rewrites' : ''} with seed ${review.sampledWithSeed}`}); ${review.findings} finding(s).`, '');
  lines.push(`| ${REVIEW_TABLE_HEADER.join(' | ')} |`, `|${REVIEW_TABLE_HEADER.map((_, index) => (index === 0 ? '---' : '---:')).join('|')}|`);
  for (const row of reviewTableRows(review.functions)) lines.push(`| \`${row[0]}\` | ${row.slice(1).join(' | ')} |`);
  const survivors = review.mutants.filter((entry) => entry.verdict.status === 'survived');
  lines.push('', `### Surviving mutants (${survivors.length})`, '');
  if (survivors.length === 0) lines.push('None: every mutant that compiled and passed the tests was rejected by the verifier.');
  for (const { mutant } of survivors) {
    lines.push(`- **${mutant.id}** \`${mutant.function}\` ${mutant.file}:${mutant.line}:${mutant.column} — ${mutant.operator}: \`${inline(mutant.original)}\` → \`${inline(mutant.replacement)}\``, '', '```diff', mutant.diff.trimEnd(), '```', '');
  }
  if (review.reprove === true) {
    const proven = review.mutants.filter((entry) => entry.reproof?.status === 'proved');
    lines.push(`### Proven survivors (${proven.length})`, '', 'Mutants the verifier rejected with the original proof, for which the repair loop found a new proof (exec code and specs frozen): the specification admits their behaviour.', '');
    for (const { mutant, reproof } of proven) {
      if (reproof?.status !== 'proved') continue;
      lines.push(`- **${mutant.id}** \`${mutant.function}\` ${mutant.file}:${mutant.line}:${mutant.column} — ${mutant.operator}: \`${inline(mutant.original)}\` → \`${inline(mutant.replacement)}\`; proof on \`${reproof.ledgerBranch}\` (${reproof.verifiedCommit.slice(0, 10)}) in \`${reproof.repository}\``, '', '```diff', mutant.diff.trimEnd(), '```', '', 'The proof (against the mutant):', '', '```diff', reproof.proof.trimEnd(), '```', '');
    }
  }
  const unsettled = review.mutants.filter((entry) => entry.verdict.status === 'unsettled');
  if (unsettled.length > 0) {
    lines.push(`### Unsettled mutants (${unsettled.length})`, '');
    for (const { mutant, verdict } of unsettled) lines.push(`- ${mutant.id} \`${mutant.function}\` line ${mutant.line}: ${verdict.status === 'unsettled' ? verdict.reason : ''}`);
    lines.push('');
  }
  const specTests = reviewSpecTestLines(review);
  lines.push('### Spec tests', '', `${specTests.header}.`, '');
  for (const line of specTests.functions) lines.push(`- ${inline(line)}`);
  if (specTests.findings.length > 0) lines.push('', ...specTests.findings.map((line) => `- **${inline(line)}**`));
  if (specTests.killed.length > 0) lines.push('', `Mutants killed by spec tests (their erased code broke the spec on an input; no Verus call):`, '', ...specTests.killed.map((line) => `- ${inline(line)}`));
  lines.push('');
  lines.push('### Vacuity', '');
  if (review.vacuity.length === 0) lines.push('No vacuity probes ran.');
  for (const result of review.vacuity) lines.push(`- ${result.verdict === 'vacuous' ? '**vacuous**' : result.verdict}: \`${result.probe.function}\` ${result.probe.kind} (${result.probe.description}, line ${result.probe.line})`);
  if (review.against !== null) {
    lines.push('', `### Specification changes since \`${review.against}\``, '');
    if (review.entailment.length === 0) lines.push('No requires or ensures changed.');
    for (const result of review.entailment) {
      const claim = result.direction === 'requires' ? 'old requires ⟹ new requires (precondition not strengthened)' : 'new ensures ⟹ old ensures (postcondition not weakened)';
      lines.push(`- ${result.verdict === 'fails' ? '**fails**' : result.verdict}: \`${result.function}\` ${claim}; old: ${result.oldClauses.map((text) => `\`${inline(text)}\``).join(', ') || 'none'}; new: ${result.newClauses.map((text) => `\`${inline(text)}\``).join(', ') || 'none'}`);
    }
    lines.push('', `Trusted assumptions added since \`${review.against}\`: ${review.trustedAdded === null || review.trustedAdded.length === 0 ? 'none' : review.trustedAdded.map((entry) => `${entry.kind} \`${entry.item}\` (line ${entry.line})`).join(', ')}`);
  }
  lines.push('', '### Trusted base', '');
  if (review.trusted.length === 0) lines.push('Nothing taken on trust in the reviewed files.');
  for (const assumption of review.trusted) lines.push(`- ${assumption.kind}: \`${assumption.item}\` ${assumption.file}:${assumption.line} (\`${inline(assumption.detail)}\`)`);
  // A re-proof quotes the model's code as written: strip escapes from the whole page, as the run report does.
  return `${sanitizeUntrustedText(lines.join('\n'))}\n`;
}

function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/`/g, "'") || '(deleted)';
}
