import type { Prechecker } from '../core/verifier-precheck.js';
import type { OriginalPrecheckNote } from './original-precheck-note.js';
import type { ReviewServices } from './review-services.js';

/**
 * Mutants and probes get the erasure-aware pre-check of their own; cargo test is left out when the
 * original fails its tests (nothing could be killed by them). Nothing skips cargo build: a variant
 * with an error Verus sees too is stillborn whatever the original's build did.
 */
export function selectVariantPrechecker(services: Pick<ReviewServices, 'createVariantPrechecker'>, timeoutMs: number, note: OriginalPrecheckNote | null | undefined): Prechecker {
  return note?.outcome === 'tests-skipped' ? services.createVariantPrechecker(timeoutMs, { test: false }) : services.createVariantPrechecker(timeoutMs);
}
