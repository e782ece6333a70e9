import type { VerdictOrigin } from '../core/verdict-origin.js';
import type { PrecheckResult } from '../core/verifier-precheck.js';
import { describeFirstPrecheckError } from '../verifier/precheck/describe-first-precheck-error.js';
import { verifyCandidate } from '../verifier/verify-candidate.js';
import { noteOriginalPrecheck, type OriginalPrecheckNote } from './original-precheck-note.js';
import type { ReviewServices } from './review-services.js';

export type OriginalCheck =
  | { kind: 'passed'; origin: VerdictOrigin; verusVersion: string | null; precheckMs: number; originalPrecheck: OriginalPrecheckNote | null }
  | { kind: 'failed'; stage: 'build' | 'test' | 'verify'; message: string; toolchain: boolean };

/** The original's erased pre-check, passed far enough for Verus to judge it: what the variants' pre-checks are derived from. */
export interface PrecheckedOriginal {
  kind: 'prechecked';
  precheck: Exclude<PrecheckResult, { status: 'build-failed' | 'crashed' | 'timeout' }>;
  precheckMs: number;
  /** What the variants' pre-checks leave out when the original's tests fail (valid once Verus verifies the original). */
  originalPrecheck: OriginalPrecheckNote | null;
}

/**
 * The original crate must verify before its mutants mean anything. Its erased pre-check comes
 * first: an error Verus sees too (exec code, a missing crate) stops the review before Verus runs;
 * `not-applicable` (erasure explains every error) lets Verus judge it, and then each variant is
 * pre-checked itself. An original that builds but fails its tests is reviewed without cargo test
 * when Verus verifies it (a mutant cannot be killed by tests that already fail).
 */
export async function checkOriginal(crateDir: string, services: ReviewServices): Promise<OriginalCheck> {
  const prechecked = await precheckOriginal(crateDir, services);
  return prechecked.kind === 'failed' ? prechecked : verifyOriginal(crateDir, prechecked, services);
}

/** The first half of checkOriginal: the erased pre-check. */
export async function precheckOriginal(crateDir: string, services: ReviewServices): Promise<PrecheckedOriginal | Extract<OriginalCheck, { kind: 'failed' }>> {
  const precheck = await services.prechecker.precheck(crateDir, services.signal);
  if (precheck.status === 'build-failed' || precheck.status === 'crashed' || precheck.status === 'timeout') return describePrecheckFailure(precheck);
  return { kind: 'prechecked', precheck, precheckMs: precheck.wallTimeMs, originalPrecheck: noteOriginalPrecheck(precheck) };
}

/** The second half of checkOriginal: Verus on the original, after its pre-check. */
export async function verifyOriginal(crateDir: string, prechecked: PrecheckedOriginal, services: ReviewServices): Promise<OriginalCheck> {
  const { precheck } = prechecked;
  const outcome = await verifyCandidate({ kind: 'crate', crateDir }, services.options, { verifier: services.verifier, prechecker: null, cache: services.cache, precheckRunsTests: services.precheckRunsTests }, services.signal);
  const result = outcome.verification;
  if (result !== null && result.status === 'toolchain-error') return { kind: 'failed', stage: 'verify', message: `toolchain problem (${result.problem}): ${result.message}`, toolchain: true };
  if (result === null || result.status !== 'verified') {
    const reason = result === null ? 'no verdict' : result.status === 'failed' ? `${result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length} error(s)` : result.status;
    if (precheck.status === 'test-failed') {
      const failure = describePrecheckFailure(precheck);
      return { ...failure, message: `${failure.message}; Verus does not verify it either (${reason})` };
    }
    return { kind: 'failed', stage: 'verify', message: `the original crate does not verify (${reason}); review needs a verified crate`, toolchain: false };
  }
  return { kind: 'passed', origin: result.origin, verusVersion: result.toolchain.verusVersion, precheckMs: prechecked.precheckMs, originalPrecheck: prechecked.originalPrecheck };
}

function describePrecheckFailure(precheck: Exclude<PrecheckResult, { status: 'passed' | 'not-applicable' }>): Extract<OriginalCheck, { kind: 'failed' }> {
  switch (precheck.status) {
    case 'build-failed': return { kind: 'failed', stage: 'build', message: `the original crate does not compile with plain cargo (${describeFirstPrecheckError(precheck)}), an error Verus reports too; review needs a verified crate`, toolchain: false };
    case 'test-failed': return { kind: 'failed', stage: 'test', message: `the original crate fails its tests: ${precheck.failingTests.join(', ')}`, toolchain: false };
    default: return { kind: 'failed', stage: precheck.step, message: `the erased cargo ${precheck.step} of the original did not finish (${precheck.status})`, toolchain: false };
  }
}
