import type { VerdictOrigin } from '../core/verdict-origin.js';

/**
 * A generated variant of the crate whose verification answers one vacuity question. If the probe
 * verifies, the finding holds:
 * - `contradictory-requires`: `assert(false)` at the function's entry verifies, so no caller can
 *   satisfy the preconditions;
 * - `ensures-ignore-result`: a bodiless-proof lemma with the function's requires and ensures and the
 *   result as a free parameter verifies, so the ensures do not constrain the result;
 * - `unreachable-code`: `assert(false)` at the start of a loop body or branch verifies, so that code
 *   cannot run under the spec.
 */
export interface VacuityProbe {
  kind: VacuityKind;
  function: string;
  file: string;
  /** Where the question is asked: the function name, or the loop body / branch. */
  line: number;
  column: number;
  /** The spec clause the finding concerns (requires or ensures), or the function name when there is none. */
  clauseLine: number;
  clauseColumn: number;
  description: string;
  source: string;
}

export type VacuityKind = 'contradictory-requires' | 'ensures-ignore-result' | 'unreachable-code';

/** A probe's outcome: `vacuous` (it verified: a finding), `sound` (it failed), or no verdict. */
export type VacuityVerdict = 'vacuous' | 'sound' | 'probe-rejected' | 'timed-out' | 'unsettled';

export interface VacuityResult {
  probe: Omit<VacuityProbe, 'source'>;
  verdict: VacuityVerdict;
  detail: string | null;
  /** Who produced the verifier verdict behind `verdict`; absent when none was reached. */
  origin?: VerdictOrigin;
}
