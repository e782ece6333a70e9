import { runWorktreeDirectory } from '../ledger/run-worktree-directory.js';
import { InterruptedError } from './interrupt-signal.js';

/** How far a repair got before Ctrl-C, as seen from its events. */
export interface RepairProgress {
  runId: string | null;
  repoDir: string | null;
  /** `run-started` was seen: the run's branch and worktree exist. */
  started: boolean;
  /** `baseline` was seen: the original's verdict is in the ledger, so the run can be resumed. */
  baselineRecorded: boolean;
  /** `run-discarded` was seen: the run recorded nothing, and its branch and worktree were removed. */
  discarded: boolean;
}

export const INTERRUPTED = 'verus-repair: interrupted; the verifier process tree was stopped and the candidate in flight was not recorded';

/** The message for a repair stopped by Ctrl-C: what was kept, how to resume, and where the run's worktree is. */
export function describeInterruption(crate: string, progress: RepairProgress): InterruptedError {
  const { runId, repoDir } = progress;
  if (runId === null || repoDir === null || !progress.started) return new InterruptedError(`${INTERRUPTED}; no run was started, nothing was recorded`);
  const command = `verus-repair repair${crate === '.' ? '' : ` ${crate}`}`;
  const worktree = `the run's worktree stays at ${runWorktreeDirectory(repoDir, runId)}`;
  if (progress.discarded) {
    return new InterruptedError(`${INTERRUPTED}\nrun ${runId} was stopped before its original was checked; it recorded nothing and its branch and worktree were removed; start again with: ${command}`);
  }
  if (!progress.baselineRecorded) {
    return new InterruptedError(`${INTERRUPTED}\nrun ${runId} was stopped before its original was checked, so it has nothing to resume; start again with: ${command}\n${worktree}`);
  }
  return new InterruptedError(`${INTERRUPTED}\nresume with: ${command} --resume ${runId}\n${worktree}`);
}
