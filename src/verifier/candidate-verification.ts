import type { PrecheckResult } from '../core/verifier-precheck.js';
import type { VerifierResult } from '../core/verifier-result.js';
import type { VerificationScopeRecord } from './scope/verification-scope-record.js';
import type { StabilityReport } from './stability/stability-report.js';

/**
 * A pre-check that did not run, and why: disabled, a single-file target, a cached verdict.
 * `original-fails` is read from ledgers written before the pre-check knew erasure (a candidate then
 * skipped it because the original failed it); nothing writes it now.
 */
export interface SkippedPrecheck {
  status: 'skipped';
  reason: 'disabled' | 'single-file' | 'cached' | 'original-fails';
  /** For `original-fails` (old ledgers): the original's first pre-check error, on one line. */
  firstError?: string;
}

/**
 * How the cache took part: `hit` (no verifier ran), `miss` (ran, verdict stored when cacheable),
 * `corrupt` (an unreadable entry was ignored and replaced), `bypassed` (--no-cache), `unavailable`
 * (the verifier cannot describe its toolchain, so nothing is cached).
 */
export type CacheStatus = 'hit' | 'miss' | 'corrupt' | 'bypassed' | 'unavailable';

/**
 * The outcome of checking one candidate: the pre-check, then the verifier verdict (null when the
 * pre-check failed: such a candidate never reaches Verus; a `not-applicable` one does), and the
 * cache's part in it.
 */
export interface CandidateVerification {
  precheck: PrecheckResult | SkippedPrecheck;
  verification: VerifierResult | null;
  cache: { status: CacheStatus; key: string | null; note: string | null };
  /** What a scoped check verified (focused selections and their confirmation, or the crate and why); absent for plain runs. */
  scope?: VerificationScopeRecord;
  /** For a scope that verified, with stability seeds asked for: the same scope re-verified under each seed (src/verifier/stability). */
  stability?: StabilityReport;
}
