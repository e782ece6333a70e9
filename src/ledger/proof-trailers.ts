/**
 * The git trailers that tie a ledger commit to its proof result. Keys are fixed and ordered so a
 * commit message is canonical; `parseCommitTrailers` reads them back for `log` and `audit`.
 */
export const PROOF_RESULTS = ['verified', 'failed', 'precheck-failed', 'guard-rejected', 'timeout', 'toolchain-error', 'crashed'] as const;
export type ProofResultLabel = (typeof PROOF_RESULTS)[number];

export interface ProofTrailers {
  sourceSha256: string;
  proofResult: ProofResultLabel;
  /** Error counts by diagnostic kind, rendered as `kind=N` pairs. */
  errorCounts: Record<string, number>;
  verusVersion: string | null;
  toolchain: string | null;
  /** sha256 of the toolchain pin in force for the run (the repository's verus-toolchain/pin.toml, or the package default). */
  toolchainPin?: string | null;
  verifierArgs: string[];
  /** The Z3 rlimit count the check used, summed over its functions (per function in the note's `report.functions`); null when Verus reported none; omitted when no verifier ran. */
  rlimitUsed?: number | null;
  /** `k/N`: the seeds (of N) a verified candidate's scope verified under again (`[verifier] stability_seeds`); omitted when no stability check ran. The seeds are in the note's `report.stability`. */
  stability?: string;
  /** The stability check's highest per-function rlimit use over the limit (`--rlimit` × 3,000,000), e.g. `0.412 (12360000 of 30000000, lemma_x, seed 2)`; `; near the limit` above half. */
  rlimitMargin?: string;
  /** `focused fn1,fn2` or `crate`: what the candidate's check verified (omitted when unknown). */
  verifyScope?: string;
  /** `crate` when a focused pass was confirmed by a whole-crate run (omitted otherwise). */
  confirmed?: string;
  /** describeVerdictOrigin of the candidate's verdict (`none` when no verifier verdict was reached); absent on older commits. */
  verifier?: string | null;
  model: string | null;
  /** describeModelOrigin of the run (`endpoint URL` or `replayed from CASSETTE`); absent on older commits. */
  modelOrigin?: string | null;
  feedbackLevel: string | null;
  iteration: number;
  sample: number;
  /** `accept`, `reject: <rule>`, or `accept; spec-change: fn.requires`. */
  guard: string;
  /** For a verified candidate with an allowed spec change: `holds`, or the directions that did not (see docs/review.md). */
  specEntailment?: string;
  /**
   * `not applicable (<first erasure cause>); Verus runs` when erasure explains every error of the
   * erased build, `passed after fixes to the erased copy (...): <fixes>` when fixes were made
   * (src/verifier/precheck/erasure/). Ledgers written before may carry `skipped (<first error>)` and
   * `failed (<first error>)` (the pre-check waiver, removed); audit reads them as any other value.
   */
  precheck?: string;
  /**
   * At a counterexample feedback level (docs/spec-check.md): `found` when running the erased exec code
   * showed the original's specification false, `none in N inputs` when it did not; on a candidate,
   * `invariant falsified before Verus` when a loop invariant it added failed on a concrete run.
   */
  counterexample?: string;
  runId: string;
  /** sha256 of the canonical JSON of the git note attached to this commit. */
  noteSha256: string;
}

const KEYS: Array<[keyof ProofTrailers, string]> = [
  ['sourceSha256', 'Source-SHA256'],
  ['proofResult', 'Proof-Result'],
  ['errorCounts', 'Errors'],
  ['verusVersion', 'Verus-Version'],
  ['toolchain', 'Toolchain'],
  ['toolchainPin', 'Toolchain-Pin'],
  ['verifierArgs', 'Verifier-Args'],
  ['rlimitUsed', 'Rlimit-Used'],
  ['stability', 'Stability'],
  ['rlimitMargin', 'Rlimit-Margin'],
  ['verifyScope', 'Verify-Scope'],
  ['confirmed', 'Confirmed'],
  ['verifier', 'Verifier'],
  ['model', 'Model'],
  ['modelOrigin', 'Model-Origin'],
  ['feedbackLevel', 'Feedback-Level'],
  ['iteration', 'Iteration'],
  ['sample', 'Sample'],
  ['guard', 'Guard'],
  ['specEntailment', 'Spec-Entailment'],
  ['precheck', 'Precheck'],
  ['counterexample', 'Counterexample'],
  ['runId', 'Run-Id'],
  ['noteSha256', 'Note-SHA256'],
];

/** Scope trailers appear only on commits whose check had a scope. */
const OMITTED_WHEN_ABSENT: Array<keyof ProofTrailers> = ['verifyScope', 'confirmed', 'specEntailment', 'verifier', 'modelOrigin', 'rlimitUsed', 'precheck', 'counterexample', 'stability', 'rlimitMargin'];

function renderValue(key: keyof ProofTrailers, trailers: ProofTrailers): string {
  const value = trailers[key];
  if (key === 'errorCounts') {
    const counts = Object.entries(trailers.errorCounts).sort(([a], [b]) => a.localeCompare(b));
    return counts.length === 0 ? 'none' : counts.map(([kind, count]) => `${kind}=${count}`).join(' ');
  }
  if (key === 'verifierArgs') return JSON.stringify(trailers.verifierArgs);
  if (value === null || value === undefined) return 'none';
  return String(value).replace(/\s*\n\s*/g, ' ');
}

export function formatCommitMessage(summary: string, trailers: ProofTrailers): string {
  const lines = KEYS.filter(([key]) => !OMITTED_WHEN_ABSENT.includes(key) || trailers[key] !== undefined).map(([key, name]) => `${name}: ${renderValue(key, trailers)}`);
  return `${summary.replace(/\s*\n\s*/g, ' ').trim()}\n\n${lines.join('\n')}\n`;
}

/** Reads the trailer block (the last paragraph) of a commit message. Unknown keys are kept. */
export function parseCommitTrailers(message: string): Map<string, string> {
  const paragraphs = message.trimEnd().split(/\n\s*\n/);
  const last = paragraphs.length > 1 ? (paragraphs[paragraphs.length - 1] ?? '') : '';
  const trailers = new Map<string, string>();
  for (const line of last.split('\n')) {
    const match = /^([A-Za-z0-9-]+): (.*)$/.exec(line);
    if (match !== null) trailers.set(match[1] ?? '', match[2] ?? '');
  }
  return trailers;
}

export function parseErrorCounts(rendered: string): Record<string, number> {
  if (rendered === 'none' || rendered.trim() === '') return {};
  const counts: Record<string, number> = {};
  for (const pair of rendered.split(' ')) {
    const [kind, count] = pair.split('=');
    if (kind !== undefined && count !== undefined && /^\d+$/.test(count)) counts[kind] = Number(count);
  }
  return counts;
}
