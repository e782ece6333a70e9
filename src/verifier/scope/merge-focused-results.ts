import type { VerifierResult } from '../../core/verifier-result.js';

/**
 * One verdict from the focus runs of a candidate (one per module): the first run without a
 * verdict (timeout, crash, toolchain) stands for all; otherwise `failed` when any failed, with the
 * diagnostics and function outcomes of every run, and the runs' times added up.
 */
export function mergeFocusedResults(results: readonly VerifierResult[]): VerifierResult | null {
  const first = results[0];
  if (first === undefined) return null;
  const abnormal = results.find((result) => result.status !== 'verified' && result.status !== 'failed');
  if (abnormal !== undefined) return abnormal;
  const wallTimeMs = results.reduce((total, result) => total + result.wallTimeMs, 0);
  const diagnostics = results.flatMap((result) => ('diagnostics' in result ? result.diagnostics : []));
  const functions = results.flatMap((result) => ('functions' in result ? result.functions : []));
  const failed = results.some((result) => result.status === 'failed');
  // The merged verdict is the first failing run's (or, all verified, the first run's): its origin stands for it.
  const origin = (results.find((result) => result.status === 'failed') ?? first).origin;
  return { ...first, status: failed ? 'failed' : 'verified', diagnostics, functions, wallTimeMs, origin } as VerifierResult;
}
