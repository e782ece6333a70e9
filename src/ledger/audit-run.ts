import { auditRunHistory, type AuditFinding } from './audit-run-history.js';
import { findMissingCommits } from './find-missing-commits.js';
import type { GitProofLedger, LedgerCommit } from './git-proof-ledger.js';

/**
 * Audits one run: its branch history (hashes, notes, trailers, verdicts) and, against the run's
 * record ref, the commits the run recorded that the branch no longer holds.
 */
export async function auditRun(ledger: GitProofLedger, runId: string): Promise<{ commits: LedgerCommit[]; findings: AuditFinding[] }> {
  const commits = await ledger.readRun(runId);
  const findings = await auditRunHistory(commits, (sha, path) => ledger.readFileAt(sha, path), runId);
  findings.push(...findMissingCommits(commits, await ledger.readRecordedRun(runId)));
  return { commits, findings };
}
