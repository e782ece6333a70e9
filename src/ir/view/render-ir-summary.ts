import type { IrSummary } from './summarize-ir.js';

const PROOF_LABELS: Array<[keyof IrSummary['proofStatementsByKind'], string, string]> = [
  ['proof-block', 'proof block', 'proof blocks'],
  ['lemma-call', 'lemma call', 'lemma calls'],
  ['reveal', 'reveal', 'reveals'],
  ['assume', 'assume', 'assumes'],
  ['admit', 'admit', 'admits'],
];

/** The human summary of one file, as lines (used by `verus-repair parse` without --json). */
export function renderFileSummary(file: string, summary: IrSummary): string[] {
  const modes = Object.entries(summary.functionsByMode).sort(([left], [right]) => left.localeCompare(right)).map(([mode, count]) => `${mode} ${count}`).join(', ');
  const plain = summary.unverifiedFunctions === 0 ? '' : `; ${count(summary.unverifiedFunctions, 'plain Rust function', 'plain Rust functions')} outside verus!`;
  const proof = [count(summary.asserts, 'assert', 'asserts'), ...PROOF_LABELS.map(([kind, one, many]) => count(summary.proofStatementsByKind[kind] ?? 0, one, many))]
    .filter((part) => !part.startsWith('0 '));
  return [
    file,
    `  functions  ${summary.verifiedFunctions} verified${modes === '' ? '' : ` (${modes})`}${plain}`,
    `  loops      ${summary.loops} (${count(summary.invariants, 'invariant', 'invariants')})`,
    `  proof      ${proof.length === 0 ? 'none' : proof.join(', ')}`,
    `  skipped    ${summary.skipped === 0 ? 'none' : count(summary.skipped, 'region', 'regions')}`,
  ];
}

/** The closing total line. */
export function renderTotalSummary(summaries: readonly IrSummary[], failedFiles: number): string {
  const sum = (pick: (summary: IrSummary) => number) => summaries.reduce((total, summary) => total + pick(summary), 0);
  const parts = [
    count(summaries.length + failedFiles, 'file', 'files'),
    `${sum((summary) => summary.verifiedFunctions)} verified functions`,
    count(sum((summary) => summary.loops), 'loop', 'loops'),
    count(sum((summary) => summary.invariants), 'invariant', 'invariants'),
    count(sum((summary) => summary.asserts), 'assert', 'asserts'),
    `${sum((summary) => summary.skipped)} skipped`,
  ];
  return `total: ${parts.join(', ')}${failedFiles === 0 ? '' : `; ${count(failedFiles, 'file', 'files')} could not be parsed`}`;
}

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}
