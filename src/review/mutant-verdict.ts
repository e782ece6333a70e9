import type { VerdictOrigin } from '../core/verdict-origin.js';
import type { NamedValue } from '../specification/index.js';

/**
 * Where a mutant was settled, and how. `stillborn`: the erased `cargo build` failed. `killed-by-tests`:
 * an erased `cargo test` failed. `killed-by-spec-tests`: run on generated inputs, the mutant's erased code
 * broke its function's requires/ensures (the spec-check harness; the original passed the same check),
 * so no Verus call was spent on it. `killed-by-verus`: the proof failed. `survived`: the mutant verified,
 * so the specification admits its behaviour. `timed-out`: a stage hit its time limit (never counted
 * as killed). `unsettled`: no verdict (a crashed tool, a toolchain problem, an interrupted review).
 * A Verus verdict carries its origin (which runner and binary, or `cache of` one), listed by reports.
 * Switches over `status` end in assertNever.
 */
export type MutantVerdict =
  | { status: 'stillborn'; settledBy: 'build'; detail: string }
  | { status: 'killed-by-tests'; settledBy: 'test'; failingTests: string[] }
  /** `counterexample`: the readable line (`max(v = [1, 2]) returned 1: ensures ... is false`); `inputs`: the input that broke it. */
  | { status: 'killed-by-spec-tests'; settledBy: 'spec-test'; counterexample: string; inputs: NamedValue[] }
  | { status: 'killed-by-verus'; settledBy: 'verus'; errors: string[]; origin: VerdictOrigin }
  | { status: 'survived'; settledBy: 'verus'; origin: VerdictOrigin }
  | { status: 'timed-out'; settledBy: 'build' | 'test' | 'verus' }
  | { status: 'unsettled'; settledBy: null; reason: string };

export type MutantStatus = MutantVerdict['status'];

export const MUTANT_STATUSES: readonly MutantStatus[] = ['stillborn', 'killed-by-tests', 'killed-by-spec-tests', 'killed-by-verus', 'survived', 'timed-out', 'unsettled'];
