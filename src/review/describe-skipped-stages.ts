import type { PrecheckWaiver } from '../verifier/precheck/precheck-waiver.js';

/**
 * One line for reports and progress: which cheap stages a review skipped and why, e.g.
 * `cargo build, cargo test (the original fails its erased pre-check: src/lib.rs:3: E0463 ...; Verus verifies it)`.
 * Without them no mutant is stillborn or killed by tests: Verus settles every one.
 */
export function describeSkippedStages(waiver: PrecheckWaiver): string {
  return `${waiver.steps.map((step) => `cargo ${step}`).join(', ')} (the original fails its erased pre-check: ${waiver.firstError}; Verus verifies it)`;
}
