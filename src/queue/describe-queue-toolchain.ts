import type { VerificationOptions, VerificationTarget } from '../core/verifier.js';
import { computeCacheKey } from '../verifier/cache/compute-cache-key.js';
import type { VerificationInputs } from '../verifier/cache/verification-inputs.js';

/** The toolchain text of the queue runner: workers of either runner with the same pin give the same verdict. */
export function describeQueueToolchain(pinHash: string): string {
  return `queue;pin=${pinHash}`;
}

/**
 * A job's id: the result cache key of the verifier's verdict alone (workers run no pre-check), so
 * identical candidates from anywhere in a cluster map to one job and one shared verdict.
 */
export function computeJobKey(inputs: VerificationInputs, target: VerificationTarget, options: VerificationOptions, pinHash: string): Promise<string> {
  return computeCacheKey(inputs, { target, options, toolchain: describeQueueToolchain(pinHash), precheck: { enabled: false, test: false } });
}
