import type { VerdictOrigin } from '../core/verdict-origin.js';
import { verifyCandidate } from '../verifier/verify-candidate.js';
import type { ReviewServices } from './review-services.js';

export type OriginalCheck =
  | { kind: 'passed'; origin: VerdictOrigin; verusVersion: string | null; precheckMs: number }
  | { kind: 'failed'; stage: 'build' | 'test' | 'verify'; message: string; toolchain: boolean };

/**
 * The original crate must build, pass its tests and verify before its mutants mean anything: a
 * mutant of a crate that does not compile is not stillborn for its own sake.
 */
export async function checkOriginal(crateDir: string, services: ReviewServices): Promise<OriginalCheck> {
  const precheck = await services.prechecker.precheck(crateDir, services.signal);
  if (precheck.status === 'build-failed') return { kind: 'failed', stage: 'build', message: `the original crate does not compile: ${precheck.diagnostics[0]?.message ?? 'cargo build failed'}`, toolchain: false };
  if (precheck.status === 'test-failed') return { kind: 'failed', stage: 'test', message: `the original crate fails its tests: ${precheck.failingTests.join(', ')}`, toolchain: false };
  if (precheck.status !== 'passed') return { kind: 'failed', stage: precheck.step, message: `the erased cargo ${precheck.step} of the original did not finish (${precheck.status})`, toolchain: false };
  const outcome = await verifyCandidate({ kind: 'crate', crateDir }, services.options, { verifier: services.verifier, prechecker: null, cache: services.cache, precheckRunsTests: services.precheckRunsTests }, services.signal);
  const result = outcome.verification;
  if (result !== null && result.status === 'toolchain-error') return { kind: 'failed', stage: 'verify', message: `toolchain problem (${result.problem}): ${result.message}`, toolchain: true };
  if (result === null || result.status !== 'verified') {
    const reason = result === null ? 'no verdict' : result.status === 'failed' ? `${result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length} error(s)` : result.status;
    return { kind: 'failed', stage: 'verify', message: `the original crate does not verify (${reason}); review needs a verified crate`, toolchain: false };
  }
  return { kind: 'passed', origin: result.origin, verusVersion: result.toolchain.verusVersion, precheckMs: precheck.wallTimeMs };
}
