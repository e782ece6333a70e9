import path from 'node:path';
import type { Diagnostic } from '../../core/diagnostic.js';
import { ConfigurationError } from '../../core/errors.js';
import { decodeSourceBytes } from '../../ir/index.js';
import type { GitProofLedger, LedgerCommit } from '../../ledger/git-proof-ledger.js';
import type { LedgerNote } from '../../ledger/ledger-note.js';
import { PROOF_RESULTS, type ProofResultLabel } from '../../ledger/proof-trailers.js';
import type { CandidateCounterexamples } from '../candidates/candidate-counterexamples.js';
import type { CheckedCandidate } from '../candidates/checked-candidate.js';
import type { CrateFiles } from './crate-snapshot.js';
import type { RepairRequest } from '../repair-request.js';
import { parseStabilityTrailer } from '../../verifier/stability/describe-stability.js';

/** Where a killed run stands, read back from its ledger: the ledger is the state. */
export interface ResumePoint {
  originalFiles: CrateFiles;
  baseline: CheckedCandidate;
  iterationsDone: number;
  earlierCandidates: Array<{ source: string; iteration: number }>;
  verifiedCommit: string | null;
  /** What running the erased code showed about the original, from the baseline's note (absent: not recorded). */
  counterexamples: CandidateCounterexamples | null;
}

export async function readResumePoint(ledger: GitProofLedger, request: RepairRequest, commits: readonly LedgerCommit[]): Promise<ResumePoint> {
  const baselineCommit = commits.find((commit) => commit.trailers.get('Iteration') === '0');
  const note = baselineCommit === undefined ? null : (JSON.parse(baselineCommit.noteText ?? 'null') as LedgerNote | null);
  if (baselineCommit === undefined || note === null) throw new ConfigurationError(`run ${request.runId} has no baseline commit with a note; it cannot be resumed`);
  const prefix = request.crateDir === '' ? '' : `${request.crateDir.split(path.sep).join('/')}/`;
  const originalFiles: CrateFiles = new Map();
  for (const file of note.files) {
    const bytes = await ledger.readFileAt(baselineCommit.sha, file);
    if (bytes !== null) originalFiles.set(file.slice(prefix.length), bytes);
  }
  const earlierCandidates: ResumePoint['earlierCandidates'] = [];
  let iterationsDone = 0;
  for (const commit of commits) {
    const iteration = Number(commit.trailers.get('Iteration') ?? 0);
    iterationsDone = Math.max(iterationsDone, iteration);
    const bytes = iteration > 0 ? await ledger.readFileAt(commit.sha, `${prefix}${request.file}`) : null;
    if (bytes !== null) earlierCandidates.push({ source: decodeSourceBytes(bytes, request.file), iteration });
  }
  // A verified commit whose stability check failed a seed does not end the run; it is not where a resumed run stops.
  const verified = [...commits].reverse().find((commit) => commit.trailers.get('Proof-Result') === 'verified' && isStableTrailer(commit.trailers.get('Stability')));
  const source = decodeSourceBytes(originalFiles.get(request.file) ?? new Uint8Array(), request.file);
  // A note written before the pre-check knew erasure may carry `precheckWaiver`: ignored, every candidate is pre-checked itself.
  const report = note.report as { diagnostics?: Diagnostic[]; counterexamples?: CandidateCounterexamples } | null;
  const baseline: CheckedCandidate = {
    iteration: 0, sample: 0, origin: 'model', source, result: readResult(baselineCommit), verification: null,
    guard: { verdict: 'accept', allowedSpecChanges: [] }, diagnostics: report?.diagnostics ?? [], wallTimeMs: note.wallTimeMs ?? 0,
  };
  return { originalFiles, baseline, iterationsDone, earlierCandidates, verifiedCommit: verified?.sha ?? null, counterexamples: report?.counterexamples ?? null };
}

function readResult(commit: LedgerCommit): ProofResultLabel {
  const value = commit.trailers.get('Proof-Result');
  return (PROOF_RESULTS as readonly string[]).includes(value ?? '') ? (value as ProofResultLabel) : 'failed';
}

/** No Stability trailer (no check ran) or `N/N`. */
function isStableTrailer(value: string | undefined): boolean {
  const parsed = parseStabilityTrailer(value);
  return value === undefined || (parsed !== null && parsed.passed === parsed.total);
}
