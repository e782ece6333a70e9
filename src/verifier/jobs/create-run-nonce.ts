import { randomBytes } from 'node:crypto';

/**
 * 16 random hex characters, new for every cargo-verus invocation. It names the run's `--log-dir`,
 * which changes the Verus args cargo sees for the root crate and so makes cargo re-run it (see
 * buildVerusCommand). It must never reach a cache key, a snapshot or anything compared between runs.
 */
export function createRunNonce(): string {
  return randomBytes(8).toString('hex');
}
