import type { VerdictOrigin } from '../core/verdict-origin.js';

/**
 * Where a mutant was settled, and how. `stillborn`: the erased `cargo build` failed. `killed-by-tests`:
 * an erased `cargo test` failed. `killed-by-verus`: the proof failed. `survived`: the mutant verified,
 * so the specification admits its behaviour. `timed-out`: a stage hit its time limit (never counted
 * as killed). `unsettled`: no verdict (a crashed tool, a toolchain problem, an interrupted review).
 * A Verus verdict carries its origin (which runner and binary, or `cache of` one), listed by reports.
 * Switches over `status` end in assertNever.
 */
export type MutantVerdict =
  | { status: 'stillborn'; settledBy: 'build'; detail: string }
  | { status: 'killed-by-tests'; settledBy: 'test'; failingTests: string[] }
  | { status: 'killed-by-verus'; settledBy: 'verus'; errors: string[]; origin: VerdictOrigin }
  | { status: 'survived'; settledBy: 'verus'; origin: VerdictOrigin }
  | { status: 'timed-out'; settledBy: 'build' | 'test' | 'verus' }
  | { status: 'unsettled'; settledBy: null; reason: string };

export type MutantStatus = MutantVerdict['status'];

export const MUTANT_STATUSES: readonly MutantStatus[] = ['stillborn', 'killed-by-tests', 'killed-by-verus', 'survived', 'timed-out', 'unsettled'];
