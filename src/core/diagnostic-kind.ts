/**
 * The taxonomy every verifier or compiler diagnostic is classified into. Documented in
 * docs/diagnostics.md. `unknown` is a real member: unclassified diagnostics are kept, never dropped.
 * (The classifier in src/verifier/diagnostics/ owns the rules that map messages onto these kinds.)
 */
export const DIAGNOSTIC_KINDS = [
  // SMT verification failures
  'assertion',
  'postcondition',
  'precondition',
  'recommends',
  'invariant-before-loop',
  'invariant-end-of-loop-body',
  'invariant-at-loop-exit',
  'decreases-end-of-loop',
  'decreases-at-continue',
  'termination',
  'decreases-by-lemma',
  'arithmetic-overflow',
  'division-by-zero',
  'bit-shift',
  'cast-out-of-range',
  'choose-unsatisfiable',
  'assert-by-requires',
  'bitvector-assertion',
  'assert-by-compute',
  'open-invariant-block',
  'type-invariant',
  'closure-postcondition',
  'no-unwind',
  'atomic-update',
  'closure-precondition',
  'rlimit-exceeded',
  'multiple-errors-note',
  'long-running-note',
  // well-formedness (VIR) errors
  'missing-decreases',
  'decreases-type-mismatch',
  'broadcast-recursion',
  'cheating',
  'unsupported',
  'ignored-function',
  'panic-unsupported',
  'verus-internal-error',
  'solver-version',
  // mode errors
  'mode',
  // trigger errors and notes
  'trigger-inference',
  'trigger-invalid',
  'trigger-note',
  // compiler errors
  'rustc-syntax',
  'rustc-type',
  'rustc-borrow',
  'rustc-resolve',
  'rustc-other',
  'rustc-test-failure',
  'unknown',
] as const;

export type DiagnosticKind = (typeof DIAGNOSTIC_KINDS)[number];
