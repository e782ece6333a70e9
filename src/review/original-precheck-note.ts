import type { PrecheckResult } from '../core/verifier-precheck.js';
import { describeFirstPrecheckError } from '../verifier/precheck/describe-first-precheck-error.js';
import { describePrecheck } from '../verifier/render/describe-precheck.js';

/**
 * What the original's erased pre-check means for its variants, when it was not a plain pass:
 * - `not-applicable`: erasure explains every error of its build (Verus verifies it); each mutant and
 *   probe is still pre-checked itself, and goes on to Verus when erasure explains its errors too, so
 *   a mutant with an error in exec code is still stillborn;
 * - `fixed`: it passed after fixes to the erased copy, which every variant's pre-check makes too;
 * - `tests-skipped`: it builds but fails its tests; variants run cargo build only.
 */
export interface OriginalPrecheckNote {
  outcome: 'not-applicable' | 'fixed' | 'tests-skipped';
  /** One line, for reports and the Precheck trailer. */
  detail: string;
}

/** The note for an original's pre-check that let the review go on, or null for a plain pass. */
export function noteOriginalPrecheck(precheck: PrecheckResult): OriginalPrecheckNote | null {
  switch (precheck.status) {
    case 'not-applicable': return { outcome: 'not-applicable', detail: describePrecheck(precheck) };
    case 'test-failed': return { outcome: 'tests-skipped', detail: `cargo test skipped for every variant: the original fails its tests (${describeFirstPrecheckError(precheck)})` };
    case 'passed': return (precheck.fixes ?? []).length === 0 ? null : { outcome: 'fixed', detail: describePrecheck(precheck).replace(/ in \d+\.\d s/, '') };
    default: return null;
  }
}
