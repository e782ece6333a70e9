import type { VerdictOrigin } from '../core/verdict-origin.js';
import type { PrecheckResult } from '../core/verifier-precheck.js';
import { waivePrecheck, type PrecheckWaiver } from '../verifier/precheck/precheck-waiver.js';
import { verifyCandidate } from '../verifier/verify-candidate.js';
import type { ReviewServices } from './review-services.js';

export type OriginalCheck =
  | { kind: 'passed'; origin: VerdictOrigin; verusVersion: string | null; precheckMs: number; precheckWaiver: PrecheckWaiver | null }
  | { kind: 'failed'; stage: 'build' | 'test' | 'verify'; message: string; toolchain: boolean };

/**
 * The original crate must verify before its mutants mean anything. It should also build and pass
 * its tests, which lets the cheap stages settle mutants; when it does not but Verus verifies it, the
 * review goes on without the stages it fails (`precheckWaiver`): a mutant of a crate that does not
 * compile under plain cargo is not stillborn for its own sake.
 */
export async function checkOriginal(crateDir: string, services: ReviewServices): Promise<OriginalCheck> {
  const precheck = await services.prechecker.precheck(crateDir, services.signal);
  const outcome = await verifyCandidate({ kind: 'crate', crateDir }, services.options, { verifier: services.verifier, prechecker: null, cache: services.cache, precheckRunsTests: services.precheckRunsTests }, services.signal);
  const result = outcome.verification;
  if (result !== null && result.status === 'toolchain-error') return { kind: 'failed', stage: 'verify', message: `toolchain problem (${result.problem}): ${result.message}`, toolchain: true };
  if (result === null || result.status !== 'verified') {
    const reason = result === null ? 'no verdict' : result.status === 'failed' ? `${result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length} error(s)` : result.status;
    if (precheck.status !== 'passed') {
      const failure = describePrecheckFailure(precheck);
      return { ...failure, message: `${failure.message}; Verus does not verify it either (${reason})` };
    }
    return { kind: 'failed', stage: 'verify', message: `the original crate does not verify (${reason}); review needs a verified crate`, toolchain: false };
  }
  const precheckWaiver = precheck.status === 'passed' ? null : waivePrecheck(precheck, result);
  return { kind: 'passed', origin: result.origin, verusVersion: result.toolchain.verusVersion, precheckMs: precheck.wallTimeMs, precheckWaiver };
}

function describePrecheckFailure(precheck: Exclude<PrecheckResult, { status: 'passed' }>): Extract<OriginalCheck, { kind: 'failed' }> {
  switch (precheck.status) {
    case 'build-failed': return { kind: 'failed', stage: 'build', message: `the original crate does not compile: ${precheck.diagnostics.find((diagnostic) => diagnostic.severity === 'error')?.message ?? 'cargo build failed'}`, toolchain: false };
    case 'test-failed': return { kind: 'failed', stage: 'test', message: `the original crate fails its tests: ${precheck.failingTests.join(', ')}`, toolchain: false };
    default: return { kind: 'failed', stage: precheck.step, message: `the erased cargo ${precheck.step} of the original did not finish (${precheck.status})`, toolchain: false };
  }
}
