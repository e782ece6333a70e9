import type { Sandbox } from '../../verifier/sandbox/sandbox.js';

/** One requires/ensures expression of the checked function, by its position in the clause. */
export interface ClauseReference {
  kind: 'requires' | 'ensures';
  index: number;
  text: string;
  line: number;
}

/** Whether a clause was turned into a check, and if not, why (never guessed). */
export type ClauseStatus =
  | (ClauseReference & { status: 'executable'; specPanics: number })
  | (ClauseReference & { status: 'not-executable'; reason: string });

/**
 * What running the erased exec code showed. `ensures-false`: the call returned and an ensures is
 * false; `panic`: the call panicked (an arithmetic overflow or an index out of bounds is a
 * counterexample of its own kind, since Verus must prove their absence).
 */
export type Counterexample =
  | { kind: 'ensures-false'; inputs: NamedValue[]; result: string; after: NamedValue[]; clause: ClauseReference }
  | { kind: 'panic'; panic: 'arithmetic-overflow' | 'index-out-of-bounds' | 'other'; inputs: NamedValue[]; message: string; location: string }
  /** A loop invariant (of an instrumented candidate) false on a concrete run: at entry (iteration 0) or after the given iteration, with the loop's variables then. */
  | { kind: 'invariant-false'; inputs: NamedValue[]; loopId: string; invariant: { text: string; line: number }; iteration: number; values: NamedValue[] };

/**
 * Output perturbation (perturbResults): on a valid input, the real result `result` and a different
 * result `accepted` (r ± 1, None for Some, one element changed, two swapped) that every ensures also
 * accepts. A spec meant to allow several answers shows this too.
 */
export interface WeakPostconditionWitness {
  inputs: NamedValue[];
  result: string;
  accepted: string;
}

export interface NamedValue {
  name: string;
  value: string;
}

export interface InputCounts {
  tried: number;
  satisfyingRequires: number;
  /** Inputs from the bounded-exhaustive enumeration (the rest were seeded random). */
  exhaustive: number;
  /** Inputs where evaluating a requires clause panicked (spec arithmetic overflowing the exec type): skipped. */
  requiresPanicked: number;
}

/**
 * Inputs whose call did not finish: it ran past the call timeout, or took the harness process past
 * the memory cap ([spec_check] memory_mb). Neither can be stopped inside the process, so the process
 * ended there and a new one resumed after that input; neither is a counterexample.
 */
export interface InterruptedInputs {
  timedOut: number;
  memoryExceeded: number;
  /** Inputs never tried: a function's check stops after MAXIMUM_INTERRUPTIONS (run-function-check.ts) of these. */
  untried: number;
  /** The first input of each kind. */
  firstTimedOut: NamedValue[] | null;
  firstMemoryExceeded: NamedValue[] | null;
  /** Times shrinking a finding (or the witness search) stopped on a smaller input that did not finish: that finding is shown as found. */
  stoppedAfterCall: number;
}

/** The result for one function. `checked` ran (some inputs may have been interrupted); `timed-out`: every input tried timed out; `not-executable` and `harness-failed` say why nothing ran. */
export type FunctionSpecCheck =
  | { function: string; file: string; line: number; status: 'checked'; clauses: ClauseStatus[]; counts: InputCounts; counterexamples: Counterexample[]; notes: string[]; weakWitness?: WeakPostconditionWitness | null; interrupted?: InterruptedInputs }
  | { function: string; file: string; line: number; status: 'timed-out'; clauses: ClauseStatus[]; inputs: NamedValue[]; timeoutMs: number; notes: string[]; interrupted?: InterruptedInputs }
  | { function: string; file: string; line: number; status: 'not-executable'; clauses: ClauseStatus[]; reason: string; notes: string[] }
  | { function: string; file: string; line: number; status: 'harness-failed'; clauses: ClauseStatus[]; reason: string; notes: string[] };

/** What was run, so that a counterexample can be reproduced and weighed. */
export interface SpecCheckRun {
  crateDir: string;
  /** The generated harness module, relative to the scratch crate. */
  harnessFile: string;
  scratchCrate: string;
  /** The cargo build of the harness crate. */
  command: string[];
  /** How each function's check ran: the harness binary, `<function>` standing for its index. */
  runCommand: string[];
  /** Whether the scratch crate was kept (--keep-scratch); otherwise it was removed after the run. */
  scratchKept: boolean;
  budget: number;
  seed: number;
  callTimeoutMs: number;
  builds: number;
  buildMs: number;
  /** Whether the harness binary was reused from an earlier build of the same sources and toolchain (builds then counts that build's). Absent when nothing was built. */
  harnessCache?: 'reused' | 'built' | 'off';
  runMs: number;
  /** The erasure fixes made to the harness copy (a Verus-only attribute, a ghost-only import...), one line each; absent when none or nothing was built. */
  harnessFixes?: string[];
  /** The harness process's heap cap in MiB ([spec_check] memory_mb). */
  memoryMb: number;
  /** Where the harness was built and ran (kind, and why when none); null when nothing was built. */
  sandbox: Sandbox | null;
  /** `named`: the functions --fn named; `crate`: every exec function with an ensures. */
  selection: 'named' | 'crate';
}

/**
 * What a check amounts to, on the report's first level. `none-found`: at least one ensures was
 * evaluated on at least one input and no counterexample came up (check-spec exits 0);
 * `counterexample` (exit 1); `nothing-checked` (exit 4), with the reason on one line.
 */
export interface SpecCheckTotals {
  outcome: 'none-found' | 'counterexample' | 'nothing-checked';
  /** Why nothing was checked, on one line; null otherwise. */
  nothingChecked: string | null;
  /** Executable ensures of checked functions evaluated on at least one input. */
  clausesChecked: number;
  /** Inputs on which the code ran and its ensures were evaluated (those satisfying the requires), over all functions. */
  inputsChecked: number;
  counterexamples: number;
  timeouts: number;
  memoryExceeded: number;
  untried: number;
}

/** What a check ran and found: the totals first (the JSON report's first level), then what was run and each function's result. */
export interface SpecCheckReport extends SpecCheckTotals {
  run: SpecCheckRun;
  functions: FunctionSpecCheck[];
  /** Loop invariant checks (testLoopInvariants) that rustc rejected, by clause id (`vr_inv_<probe>_<clause>`) or probe (`vr_probe_<probe>`): they ran untested. */
  rejectedProbeParts?: Array<{ id: string; reason: string }>;
}
