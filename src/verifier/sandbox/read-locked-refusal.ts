/** Cargo's refusal to write a lock file under `--locked`: which lock, and whether it was stale or missing. */
export interface LockedRefusal {
  /** `stale`: cargo would rewrite the lock; `missing`: it would create one. */
  lock: 'stale' | 'missing';
  /** The lock file cargo named (a workspace member's is the workspace root's). */
  lockFile: string;
}

// cargo 0.96: "cannot {update|create} the lock file {path} because {--locked|--frozen} was passed to
// prevent this" (C src/cargo/ops/lockfile.rs:55-67, cargo 0.96.0); cargo before 2ba6f8cbe (Nov 2025)
// said "the lock file {path} needs to be updated but --locked was passed to prevent this".
const REFUSALS = [
  /cannot (update|create) the lock file (.+?) because --(?:locked|frozen) was passed to prevent this/,
  /the lock file (.+?) needs to be (updated|created) but --(?:locked|frozen) was passed to prevent this/,
];

/** Reads cargo's `--locked` refusal out of its stderr (pure); null when cargo did not refuse. */
export function readLockedRefusal(stderr: string): LockedRefusal | null {
  const current = REFUSALS[0]?.exec(stderr);
  if (current?.[1] !== undefined && current[2] !== undefined) return { lock: current[1] === 'create' ? 'missing' : 'stale', lockFile: current[2] };
  const older = REFUSALS[1]?.exec(stderr);
  if (older?.[1] !== undefined && older[2] !== undefined) return { lock: older[2] === 'created' ? 'missing' : 'stale', lockFile: older[1] };
  return null;
}
