import { describeReproofModelOrigins, describeReviewOrigins } from '../collect-review-origins.js';
import type { ReviewResult } from '../review-result.js';
import { countMutants } from './count-mutants.js';
import { escapeHtml } from '../../report/escape-html.js';
import { reviewSpecTestLines } from './render-review-spec-tests.js';
import { REVIEW_TABLE_HEADER, reviewTableRows } from './render-review-table.js';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;color:#1d2433;padding:0 1rem}
h1{font-size:1.4rem}.meta{color:#4a5468}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #d4d9e3;padding:.3rem .6rem}
td.n{text-align:right}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:.6rem;font-size:.8rem;font-weight:600}.survived,.vacuous{background:#fde2e1;color:#8a1c16}
pre{background:#f4f6fa;padding:.6rem;overflow-x:auto;font-size:12px}.add{color:#135d2b}.del{color:#8a1c16}
`;

/** A single self-contained HTML page (no scripts, no external resources; every string escaped). */
export function renderReviewHtml(review: ReviewResult): string {
  const survivors = review.mutants.filter((entry) => entry.verdict.status === 'survived');
  const specTests = reviewSpecTestLines(review);
  const rows = reviewTableRows(review.functions)
    .map((row) => `<tr data-testid="function-row">${row.map((cell, index) => (index === 0 ? `<td><code>${escapeHtml(cell)}</code></td>` : `<td class="n">${escapeHtml(cell)}</td>`)).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>verus-repair review ${escapeHtml(review.id)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head>
<body>
<h1>Specification review <code>${escapeHtml(review.id)}</code></h1>
<p class="meta" data-testid="origins">verifier: ${escapeHtml(describeReviewOrigins(review))}${review.reprove === true ? ` · re-proof model: ${escapeHtml(describeReproofModelOrigins(review.mutants))}` : ''}</p>
${review.originalPrecheck === undefined ? '' : `<p class="meta" data-testid="original-precheck">erased pre-check of the original: ${escapeHtml(review.originalPrecheck.detail)}</p>\n`}<p class="meta">${escapeHtml(review.files.join(', '))} · ${countMutants(review)} mutants · ${review.findings} finding(s) · operators ${escapeHtml(review.operators.join(', '))}</p>
<table data-testid="functions"><thead><tr>${REVIEW_TABLE_HEADER.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table>
<h2>Surviving mutants (${survivors.length})</h2>
${survivors.map(({ mutant }) => `<article data-testid="survivor"><h3><span class="badge survived">survived</span> ${escapeHtml(mutant.id)} <code>${escapeHtml(mutant.function)}</code> <small class="meta">${escapeHtml(mutant.file)}:${mutant.line}:${mutant.column} · ${escapeHtml(mutant.operator)}</small></h3><pre>${renderDiff(mutant.diff)}</pre></article>`).join('\n')}
${review.reprove === true ? renderProvenSurvivors(review) : ''}
<h2>Spec tests</h2>
<p class="meta" data-testid="spec-tests">${escapeHtml(specTests.header)}</p>
<ul>${specTests.functions.map((line) => `<li data-testid="spec-check">${escapeHtml(line)}</li>`).join('')}${specTests.findings.map((line) => `<li data-testid="spec-finding"><span class="badge vacuous">finding</span> ${escapeHtml(line)}</li>`).join('')}${specTests.killed.map((line) => `<li data-testid="killed-by-spec-tests">killed by spec tests: ${escapeHtml(line)}</li>`).join('')}</ul>
<h2>Vacuity</h2>
<ul>${review.vacuity.map((result) => `<li data-testid="vacuity"><span class="badge ${escapeHtml(result.verdict)}">${escapeHtml(result.verdict)}</span> <code>${escapeHtml(result.probe.function)}</code> ${escapeHtml(result.probe.kind)}: ${escapeHtml(result.probe.description)}</li>`).join('')}</ul>
${review.against === null ? '' : `<h2>Specification changes since <code>${escapeHtml(review.against)}</code></h2><ul>${review.entailment.map((result) => `<li data-testid="entailment">${escapeHtml(result.verdict)}: <code>${escapeHtml(result.function)}</code> ${result.direction === 'requires' ? 'old requires ⟹ new requires' : 'new ensures ⟹ old ensures'}</li>`).join('') || '<li>no requires or ensures changed</li>'}</ul>`}
<h2>Trusted base</h2>
<ul>${review.trusted.map((assumption) => `<li data-testid="trusted">${escapeHtml(assumption.kind)} <code>${escapeHtml(assumption.item)}</code> ${escapeHtml(assumption.file)}:${assumption.line}</li>`).join('') || '<li>nothing taken on trust</li>'}</ul>
</body></html>
`;
}

function renderProvenSurvivors(review: ReviewResult): string {
  const proven = review.mutants.filter((entry) => entry.reproof?.status === 'proved');
  const articles = proven.map(({ mutant, reproof }) => (reproof?.status !== 'proved' ? '' : `<article data-testid="proven-survivor"><h3><span class="badge survived">proven survivor</span> ${escapeHtml(mutant.id)} <code>${escapeHtml(mutant.function)}</code> <small class="meta">${escapeHtml(mutant.file)}:${mutant.line}:${mutant.column} · ${escapeHtml(mutant.operator)} · ${escapeHtml(reproof.ledgerBranch)} ${escapeHtml(reproof.verifiedCommit.slice(0, 10))} in ${escapeHtml(reproof.repository)}</small></h3><pre>${renderDiff(mutant.diff)}</pre><p>The proof (against the mutant):</p><pre>${renderDiff(reproof.proof)}</pre></article>`));
  return `<h2>Proven survivors (${proven.length})</h2>\n${articles.join('\n')}`;
}

function renderDiff(diff: string): string {
  return diff
    .split('\n')
    .map((line) => {
      const css = line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : '';
      return css === '' ? escapeHtml(line) : `<span class="${css}">${escapeHtml(line)}</span>`;
    })
    .join('\n');
}
