import { describePromptTokens } from './describe-prompt-tokens.js';
import { describeRunSpecCheck } from './describe-run-spec-check.js';
import { escapeHtml } from './escape-html.js';
import { describeVerifierOrigins, formatSeconds } from './render-markdown-report.js';
import type { CandidateReport, IterationReport, RunReport } from './run-report.js';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#1d2433;padding:0 1rem}
h1{font-size:1.4rem}.meta{color:#4a5468}.badge{display:inline-block;padding:.1rem .5rem;border-radius:.6rem;font-size:.8rem;font-weight:600}
.verified{background:#d8f5e0;color:#135d2b}.failed,.timeout,.crashed,.toolchain-error{background:#fde2e1;color:#8a1c16}
.guard-rejected{background:#fbe7c6;color:#7a4a00}.precheck-failed{background:#e8e2fb;color:#43237a}
.timeline{display:flex;gap:.75rem;overflow-x:auto;padding:.5rem 0;margin:1rem 0}
.step{border:1px solid #d4d9e3;border-radius:.5rem;padding:.5rem .75rem;min-width:9rem;background:#fafbfd}
.step h3{margin:0 0 .3rem;font-size:.95rem}.bar{height:.4rem;background:#6b8cce;border-radius:.2rem;margin-top:.3rem}
section.iteration{border-top:1px solid #d4d9e3;margin-top:1.5rem}pre{background:#f4f6fa;padding:.6rem;overflow-x:auto;font-size:12px}
.add{color:#135d2b}.del{color:#8a1c16}.advice{border-left:3px solid #6b8cce;padding-left:.75rem;color:#2c3b5a}
`;

/** A single self-contained HTML page: no scripts, no external resources; every string escaped. */
export function renderHtmlReport(report: RunReport): string {
  const maxTokens = Math.max(1, ...report.iterations.map((iteration) => iteration.promptTokens + iteration.completionTokens));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>verus-repair run ${escapeHtml(report.runId)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head>
<body>
<h1>verus-repair run <code>${escapeHtml(report.runId)}</code> <span class="badge ${report.outcome === 'verified' ? 'verified' : 'failed'}" data-testid="outcome">${escapeHtml(report.outcome)}${report.stability == null ? '' : ` (${escapeHtml(report.stability)})`}</span></h1>
<p class="meta">crate <code>${escapeHtml(report.crate)}</code> · model ${escapeHtml(report.model)} · feedback ${escapeHtml(report.feedbackLevel)} · ${escapeHtml(report.stopReason)}</p>
<p class="meta" data-testid="origins">verifier: ${escapeHtml(describeVerifierOrigins(report))} · model: ${escapeHtml(report.modelOrigin.description)}</p>
${report.specCheck === undefined ? '' : `<ul class="meta" data-testid="spec-check">${describeRunSpecCheck(report.specCheck).map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>\n`}<p class="meta">${describePromptTokens(report.totals.promptTokens, report.totals.cachedPromptTokens, 'prompt')} / ${report.totals.completionTokens} completion tokens${report.totals.costUsd === null ? '' : ` · $${report.totals.costUsd.toFixed(4)}`} · ${formatSeconds(report.totals.wallTimeMs)} · ledger <code>${escapeHtml(report.ledgerBranch)}</code></p>
<div class="timeline" data-testid="timeline">
${report.iterations.map((iteration) => renderStep(iteration, maxTokens)).join('\n')}
</div>
${report.iterations.map(renderIteration).join('\n')}
</body></html>
`;
}

function renderStep(iteration: IterationReport, maxTokens: number): string {
  const width = Math.round(((iteration.promptTokens + iteration.completionTokens) / maxTokens) * 100);
  return `<div class="step" data-testid="timeline-step"><h3>Iteration ${iteration.iteration}</h3>
${iteration.candidates.map((candidate) => `<span class="badge ${candidate.result}">${escapeHtml(candidate.result)}</span>`).join(' ')}
<div class="meta">${iteration.promptTokens + iteration.completionTokens} tokens · ${formatSeconds(iteration.wallTimeMs)}</div><div class="bar" style="width:${width}%"></div></div>`;
}

function renderIteration(iteration: IterationReport): string {
  const advice = iteration.instructorAdvice === null ? '' : `<p class="advice" data-testid="advice"><strong>Instructor</strong> (guidance, not evidence): ${escapeHtml(iteration.instructorAdvice)}</p>`;
  return `<section class="iteration"><h2>Iteration ${iteration.iteration}</h2>${iteration.candidates.map(renderCandidate).join('\n')}${advice}</section>`;
}

function renderCandidate(candidate: CandidateReport): string {
  const problems = [
    ...candidate.errors.map((error) => `<li>${escapeHtml(error.kind)}: ${escapeHtml(error.message)}${error.line === null ? '' : ` (line ${error.line})`}</li>`),
    ...candidate.guardViolations.map((violation) => `<li>guard <strong>${escapeHtml(violation.rule)}</strong>: ${escapeHtml(violation.message)} (line ${violation.line})</li>`),
    ...(candidate.falsifiedInvariants ?? []).map((falsified) => `<li data-testid="falsified-invariant">falsified before Verus (no Verus call): ${escapeHtml(falsified)}</li>`),
  ];
  const diff = candidate.diff.split('\n').map((line) => {
    const css = line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : '';
    return css === '' ? escapeHtml(line) : `<span class="${css}">${escapeHtml(line)}</span>`;
  }).join('\n');
  return `<article data-testid="candidate"><h3>Candidate ${candidate.sample} <small>(${candidate.origin})</small> <span class="badge ${candidate.result}">${escapeHtml(candidate.result)}${candidate.stability === undefined ? '' : ` (${escapeHtml(candidate.stability.label)})`}</span>${candidate.stability === undefined ? '' : ` <small class="meta" data-testid="rlimit-margin">Rlimit-Margin: ${escapeHtml(candidate.stability.rlimitMargin)}</small>`} <small class="meta">${formatSeconds(candidate.wallTimeMs)}${candidate.commit === null ? '' : ` · ${escapeHtml(candidate.commit.slice(0, 10))}`}</small></h3>
${problems.length === 0 ? '' : `<ul>${problems.join('')}</ul>`}
<details><summary>diff against the original</summary><pre>${diff}</pre></details></article>`;
}
