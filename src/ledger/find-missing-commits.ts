import type { AuditFinding } from './audit-run-history.js';
import type { LedgerCommit } from './git-proof-ledger.js';

/**
 * Compares the branch with what the run recorded (its record ref, moved together with the branch
 * each time a candidate is recorded): recorded commits the branch no longer reaches mean the branch
 * was rewound, reset or rewritten. `recorded` is null for runs made before the record ref existed.
 */
export function findMissingCommits(commits: readonly LedgerCommit[], recorded: readonly LedgerCommit[] | null): AuditFinding[] {
  if (recorded === null) return [];
  const onBranch = new Set(commits.map((commit) => commit.sha));
  const missing = recorded.filter((commit) => !onBranch.has(commit.sha));
  const last = missing[missing.length - 1];
  if (last === undefined) return [];
  const verified = missing.some((commit) => commit.trailers.get('Proof-Result') === 'verified');
  return [{
    commit: last.sha,
    rule: 'missing-commits',
    message: `the branch is missing ${missing.length} of ${recorded.length} recorded candidate commits${verified ? ', including a verified one' : ''} (was it rewound, reset or rewritten?)`,
  }];
}
