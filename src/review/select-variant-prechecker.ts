import type { Prechecker } from '../core/verifier-precheck.js';
import type { PrecheckWaiver } from '../verifier/precheck/precheck-waiver.js';
import { WAIVED_PRECHECKER } from '../verifier/precheck/waived-prechecker.js';
import type { ReviewServices } from './review-services.js';

/**
 * Mutants and probes get the original's pre-check minus the steps the original fails while Verus
 * verifies it: no cargo at all when its build fails, cargo build alone when only its tests fail.
 */
export function selectVariantPrechecker(services: Pick<ReviewServices, 'createVariantPrechecker'>, timeoutMs: number, waiver: PrecheckWaiver | null | undefined): Prechecker {
  if (waiver === null || waiver === undefined) return services.createVariantPrechecker(timeoutMs);
  return waiver.steps.includes('build') ? WAIVED_PRECHECKER : services.createVariantPrechecker(timeoutMs, { test: false });
}
