import type { VerificationOptions, VerificationTarget, Verifier } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import type { VerifierReport } from '../../diagnostics/verifier-report.js';

/** A verdict together with the normalized report it was read from (null when nothing ran). */
export interface VerificationWithReport {
  result: VerifierResult;
  report: VerifierReport | null;
}

/** A Verifier that also hands back the parsed report, which the result cache stores next to the verdict. */
export interface ReportingVerifier extends Verifier {
  verifyWithReport(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerificationWithReport>;
}

export function isReportingVerifier(verifier: Verifier): verifier is ReportingVerifier {
  return typeof (verifier as Partial<ReportingVerifier>).verifyWithReport === 'function';
}
