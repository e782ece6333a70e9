import { sanitizeUntrustedText } from '../core/sanitize-untrusted-text.js';
import type { CandidateReport, RunReport } from './run-report.js';
import { describeRunSpecCheck } from './describe-run-spec-check.js';
import { describeTacticRecord } from '../agents/feedback/describe-tactic-record.js';
import { describePromptTokens } from './describe-prompt-tokens.js';

/** The distinct origins of a run's verdicts on one line (a run can stop before any verdict). */
export function describeVerifierOrigins(report: Pick<RunReport, 'verifierOrigins'>): string {
  return report.verifierOrigins.map((entry) => entry.description).join('; ') || 'no verdict was reached';
}

/** The run report as Markdown (for terminals, PR comments and the ledger directory). */
export function renderMarkdownReport(report: RunReport): string {
  const lines = [
    `# verus-repair run ${report.runId}`,
    '',
    `- crate: \`${report.crate}\`; target: ${report.targetFunctions.map((name) => `\`${name}\``).join(', ') || 'all failing functions'}`,
    `- model: ${report.model}, ${report.modelOrigin.description}; feedback: ${report.feedbackLevel}`,
    `- verifier: ${describeVerifierOrigins(report)}`,
    ...(report.specCheck === undefined ? [] : describeRunSpecCheck(report.specCheck).map((line) => `- ${line}`)),
    `- outcome: **${report.outcome}${report.stability == null ? '' : ` (${report.stability})`}** (${report.stopReason})`,
    `- tokens: ${describePromptTokens(report.totals.promptTokens, report.totals.cachedPromptTokens)} / ${report.totals.completionTokens} out; cost: ${report.totals.costUsd === null ? 'unknown' : `$${report.totals.costUsd.toFixed(4)}`}; time: ${formatSeconds(report.totals.wallTimeMs)}`,
    `- ledger: \`${report.ledgerBranch}\``,
    '',
    '| iter | sample | origin | result | errors | time |',
    '|---|---|---|---|---|---|',
    ...report.iterations.flatMap((iteration) => iteration.candidates.map(renderRow)),
  ];
  for (const iteration of report.iterations) {
    lines.push('', `## Iteration ${iteration.iteration}`, '', `tokens ${iteration.promptTokens} in / ${iteration.completionTokens} out, ${formatSeconds(iteration.wallTimeMs)}`);
    for (const candidate of iteration.candidates) {
      lines.push('', `### Candidate ${candidate.sample} (${candidate.origin}): ${candidate.result}`, '');
      if (candidate.stability !== undefined) lines.push(`Stability: ${candidate.stability.label}${describeSeedNotes(candidate.stability)}; Rlimit-Margin: ${candidate.stability.rlimitMargin}`, '');
      for (const error of candidate.errors) lines.push(`- ${error.kind}: ${error.message}${error.line === null ? '' : ` (line ${error.line})`}`);
      for (const violation of candidate.guardViolations) lines.push(`- guard ${violation.rule}: ${violation.message} (line ${violation.line})`);
      for (const falsified of candidate.falsifiedInvariants ?? []) lines.push(`- falsified before Verus (no Verus call): ${falsified}`);
      if (candidate.diff !== '') lines.push('', '```diff', candidate.diff.trimEnd(), '```');
    }
    if (iteration.instructorAdvice !== null) lines.push('', `> Instructor (guidance, not evidence): ${iteration.instructorAdvice}`);
    if (iteration.tactics) lines.push('', `> ${describeTacticRecord(iteration.tactics)}`);
  }
  // Diffs and diagnostics quote the model's code as written: strip escapes from the whole page.
  return `${sanitizeUntrustedText(lines.join('\n'))}\n`;
}

function renderRow(candidate: CandidateReport): string {
  const errors = candidate.guardViolations.length > 0 ? candidate.guardViolations.map((violation) => violation.rule).join(', ') : candidate.errors.map((error) => error.kind).join(', ');
  return `| ${candidate.iteration} | ${candidate.sample} | ${candidate.origin} | ${candidate.result}${candidate.stability === undefined ? '' : ` (${candidate.stability.label})`} | ${errors || '-'} | ${formatSeconds(candidate.wallTimeMs)} |`;
}

export function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)}s`;
}

/** ` (failed under seed 3; no verdict under seed 2)`, or nothing when every seed passed. */
function describeSeedNotes(stability: { failedSeeds: number[]; undecidedSeeds?: number[] }): string {
  const notes = [
    ...(stability.failedSeeds.length === 0 ? [] : [`failed under seed ${stability.failedSeeds.join(', ')}`]),
    ...((stability.undecidedSeeds ?? []).length === 0 ? [] : [`no verdict under seed ${(stability.undecidedSeeds ?? []).join(', ')}`]),
  ];
  return notes.length === 0 ? '' : ` (${notes.join('; ')})`;
}
