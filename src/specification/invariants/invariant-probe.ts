import type { Adaptation } from '../translate/adaptation.js';
import type { ExecType } from '../types/exec-type.js';

/** A variable an invariant reads at a loop's checkpoints, with its exec type (declared, never inferred). */
export interface ProbeVariable {
  name: string;
  type: ExecType;
  /** How the instrumented function passes it to the probe: by value (`x`), dereferenced (`*x`) or as a slice (`&v[..]`). */
  argument: 'value' | 'dereference' | 'slice' | 'reference';
}

/** One candidate invariant as a spec fn over the loop's variables, compiled by the same macro as the clauses. */
export interface InvariantClausePlan {
  /** The spec fn's name in the harness: `vr_inv_<probe>_<clause>`. */
  id: string;
  text: string;
  line: number;
  adapted: Adaptation;
  /** Crate spec fns the invariant calls, transitively. */
  dependencies: string[];
}

/**
 * The checks added to one loop of a target function: the instrumented code calls the probe on entry
 * (iteration 0) and at the end of every iteration; the probe panics with a marker when an invariant
 * is false, which the harness reports as that input's finding.
 */
export interface InvariantProbe {
  index: number;
  function: string;
  loopId: string;
  variables: ProbeVariable[];
  clauses: InvariantClausePlan[];
}

/** An invariant that was not turned into a check, and why (it passes through untested). */
export interface UntestedInvariant {
  function: string;
  loopId: string;
  text: string;
  line: number;
  reason: string;
}

export const INVARIANT_PANIC_MARKER = 'verus-repair-invariant-false';
