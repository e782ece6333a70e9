import { assertNever } from '../../core/assert-never.js';
import type { CandidateVerification } from '../candidate-verification.js';

/** The exit codes of `verus-repair verify`, documented in docs/verifier.md. */
export const VERIFY_EXIT_CODES = {
  verified: 0,
  notVerified: 1,
  toolchainError: 3,
  noVerdict: 4,
} as const;

/**
 * 0 verified; 1 not verified (failed, pre-check failed, timeout); 3 toolchain error (fix the
 * install or build the image); 4 no verdict (the verifier or cargo crashed or printed garbage).
 */
export function exitCodeForVerification(outcome: CandidateVerification): number {
  const { verification, precheck } = outcome;
  if (verification === null) return precheck.status === 'crashed' ? VERIFY_EXIT_CODES.noVerdict : VERIFY_EXIT_CODES.notVerified;
  switch (verification.status) {
    case 'verified':
      return VERIFY_EXIT_CODES.verified;
    case 'failed':
    case 'timeout':
      return VERIFY_EXIT_CODES.notVerified;
    case 'toolchain-error':
      return VERIFY_EXIT_CODES.toolchainError;
    case 'crashed':
      return VERIFY_EXIT_CODES.noVerdict;
    default:
      return assertNever(verification, 'verifier result');
  }
}
