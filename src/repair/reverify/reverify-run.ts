import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { VerificationOptions, Verifier } from '../../core/verifier.js';
import type { AuditFinding } from '../../ledger/audit-run-history.js';
import type { GitProofLedger } from '../../ledger/git-proof-ledger.js';
import type { LedgerNote } from '../../ledger/ledger-note.js';
import { verifyCandidate } from '../../verifier/verify-candidate.js';
import { materializeCrate, type CrateFiles } from '../setup/crate-snapshot.js';
import { reverifyStability, type StabilityRecheck } from './reverify-stability.js';

/**
 * `audit --reverify`: re-runs the verifier, without the cache, on the exact files of every commit
 * the run recorded as `verified`, and reports any whose verdict is now different. A verifier that
 * cannot run (a toolchain error) is reported once as `verifier-unavailable`, never as a mismatch.
 * A commit with a recorded stability check is re-verified under the same seeds, and a different
 * count of passing seeds is a `stability-mismatch`.
 */
export async function reverifyRun(ledger: GitProofLedger, runId: string, verifier: Verifier, options: VerificationOptions): Promise<{ checked: number; findings: AuditFinding[]; stability: StabilityRecheck[] }> {
  const findings: AuditFinding[] = [];
  const stability: StabilityRecheck[] = [];
  let checked = 0;
  for (const commit of await ledger.readRun(runId)) {
    if (commit.trailers.get('Proof-Result') !== 'verified' || commit.noteText === null) continue;
    const note = JSON.parse(commit.noteText) as LedgerNote;
    const manifest = note.files.find((file) => file === 'Cargo.toml' || file.endsWith('/Cargo.toml'));
    const crateDir = manifest === undefined ? '' : path.posix.dirname(manifest).replace(/^\.$/, '');
    const files: CrateFiles = new Map();
    for (const file of note.files) {
      const bytes = await ledger.readFileAt(commit.sha, file);
      if (bytes !== null) files.set(crateDir === '' ? file : file.slice(crateDir.length + 1), bytes);
    }
    const scratch = await materializeCrate(files, path.join(ledger.repoDir, crateDir), `reverify-${runId}`);
    try {
      checked += 1;
      const outcome = await verifyCandidate({ kind: 'crate', crateDir: scratch }, options, { verifier, prechecker: null, cache: null, precheckRunsTests: false });
      const verification = outcome.verification;
      if (verification?.status === 'toolchain-error') {
        // No verdict at all: the verifier could not run, which says nothing about the recorded one.
        findings.push({ commit: commit.sha, rule: 'verifier-unavailable', message: `could not re-verify: the verifier is unavailable (${verification.problem}: ${verification.message})` });
        break;
      }
      const status = verification?.status ?? 'no verdict';
      if (status !== 'verified') {
        findings.push({ commit: commit.sha, rule: 'reverify-mismatch', message: `recorded verified, but verifying the commit's files again gave: ${status}` });
      }
      const recheck = await reverifyStability(commit.sha, note.report, scratch, verifier, options);
      if (recheck !== null) {
        stability.push(recheck);
        if (recheck.now !== recheck.recorded) findings.push({ commit: commit.sha, rule: 'stability-mismatch', message: `recorded ${recheck.recorded}, but under seeds ${recheck.seeds.join(', ')} again: ${recheck.now}` });
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return { checked, findings, stability };
}
