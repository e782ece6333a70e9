/**
 * Kills every process in the group led by `pid` (jobs are spawned detached, so the group is the
 * whole tree: cargo, rust_verify, z3...). A group that is already gone is fine.
 */
export function killProcessGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
