/**
 * Where a mutant was settled, and how. `stillborn`: the erased `cargo build` failed. `killed-by-tests`:
 * an erased `cargo test` failed. `killed-by-verus`: the proof failed. `survived`: the mutant verified,
 * so the specification admits its behaviour. `timed-out`: a stage hit its time limit (never counted
 * as killed). `unsettled`: no verdict (a crashed tool, a toolchain problem, an interrupted review).
 * Switches over `status` end in assertNever.
 */
export type MutantVerdict =
  | { status: 'stillborn'; settledBy: 'build'; detail: string }
  | { status: 'killed-by-tests'; settledBy: 'test'; failingTests: string[] }
  | { status: 'killed-by-verus'; settledBy: 'verus'; errors: string[]; provenance: VerdictProvenance }
  | { status: 'survived'; settledBy: 'verus'; provenance: VerdictProvenance }
  | { status: 'timed-out'; settledBy: 'build' | 'test' | 'verus' }
  | { status: 'unsettled'; settledBy: null; reason: string };

export type MutantStatus = MutantVerdict['status'];

/** `synthetic` when a fake verifier answered; reports label it. */
export type VerdictProvenance = 'real' | 'synthetic' | 'cache';

export const MUTANT_STATUSES: readonly MutantStatus[] = ['stillborn', 'killed-by-tests', 'killed-by-verus', 'survived', 'timed-out', 'unsettled'];
