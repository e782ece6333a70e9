import path from 'node:path';

/** Where a run's worktree lives: `<repo>/.verus-repair/worktrees/<run>` (see ensureLedgerDirectory). */
export function runWorktreeDirectory(repoDir: string, runId: string): string {
  return path.join(repoDir, '.verus-repair', 'worktrees', runId);
}
