import { auditRun } from './audit-run.js';
import type { GitProofLedger } from './git-proof-ledger.js';
import type { LedgerNote } from './ledger-note.js';
import { readCommitsSince, type HistoryCommit } from './read-commit-history.js';

/** How one commit that changed Verus sources stands under `audit --since --require-verified`. */
export type CommitProvenance =
  /** `apply` made it from a verified candidate of a run whose own audit passes. */
  | { status: 'applied'; runId: string; from: string }
  /** No recorded candidate, but the verifier verifies the commit now (`--reverify`). */
  | { status: 'reverified'; detail: string }
  | { status: 'unverified'; reason: string };

export interface CommitAudit {
  commit: string;
  subject: string;
  /** The Verus sources it changed (repository-relative). */
  files: string[];
  provenance: CommitProvenance;
}

/** Verifies one commit as it is (its crates' files at that commit); a verdict, or why there is none. */
export type CommitReverifier = (commit: string, files: readonly string[]) => Promise<{ verified: boolean; detail: string }>;

/**
 * `audit --since REF`: every commit since REF that changed a Verus source (a `.rs` file holding
 * `verus!` before or after) and where its proof comes from. A commit passes when `apply` made it
 * (its `Applied-From` is a verified commit of run `Run-Id`, that run audits clean, and the commit
 * changed no Verus source the candidate did not check), or, with a reverifier, when it verifies now.
 */
export async function auditCommitsSince(ledger: GitProofLedger, ref: string, reverify: CommitReverifier | null): Promise<{ base: string; commits: number; audits: CommitAudit[] }> {
  const { base, commits } = await readCommitsSince(ledger.repoDir, ref);
  const audits: CommitAudit[] = [];
  for (const commit of commits) {
    const files = await listVerusSources(ledger, commit);
    if (files.length === 0) continue;
    let provenance = await readAppliedProvenance(ledger, commit, files);
    if (provenance.status === 'unverified' && reverify !== null) {
      const now = await reverify(commit.sha, files);
      provenance = now.verified ? { status: 'reverified', detail: now.detail } : { status: 'unverified', reason: `${provenance.reason}; verified again now: ${now.detail}` };
    }
    audits.push({ commit: commit.sha, subject: commit.subject, files, provenance });
  }
  return { base, commits: commits.length, audits };
}

async function listVerusSources(ledger: GitProofLedger, commit: HistoryCommit): Promise<string[]> {
  const decoder = new TextDecoder();
  const verus: string[] = [];
  for (const file of commit.files.filter((entry) => entry.endsWith('.rs'))) {
    const after = await ledger.readFileAt(commit.sha, file);
    const before = await ledger.readFileAt(`${commit.sha}^`, file);
    if ([after, before].some((bytes) => bytes !== null && decoder.decode(bytes).includes('verus!'))) verus.push(file);
  }
  return verus;
}

async function readAppliedProvenance(ledger: GitProofLedger, commit: HistoryCommit, files: readonly string[]): Promise<CommitProvenance> {
  const from = commit.trailers.get('Applied-From');
  const runId = commit.trailers.get('Run-Id');
  if (from === undefined || runId === undefined) return { status: 'unverified', reason: 'not made by `verus-repair apply` (no Applied-From and Run-Id trailers): a hand edit' };
  const { commits, findings } = await auditRun(ledger, runId).catch(() => ({ commits: [], findings: [{ rule: 'missing-run', message: `run ${runId} is not in the ledger` }] }));
  if (findings.length > 0) return { status: 'unverified', reason: `applied from run ${runId}, which fails its audit (${findings[0]?.rule}: ${findings[0]?.message})` };
  const candidate = commits.find((entry) => entry.sha === from);
  if (candidate === undefined || candidate.trailers.get('Proof-Result') !== 'verified') return { status: 'unverified', reason: `Applied-From ${from.slice(0, 10)} is not a verified candidate of run ${runId}` };
  const checked = new Set((JSON.parse(candidate.noteText ?? '{"files":[]}') as LedgerNote).files);
  const unchecked = files.filter((file) => !checked.has(file));
  if (unchecked.length > 0) return { status: 'unverified', reason: `applied from run ${runId}, but it also changed ${unchecked.join(', ')}, which the verified candidate did not check` };
  return { status: 'applied', runId, from };
}
