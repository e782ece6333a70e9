/**
 * The taxonomy every verifier or compiler diagnostic is classified into. Documented, with the exact
 * messages that map to each kind, in docs/diagnostics.md. `unknown` is a real member: unclassified
 * diagnostics are kept, never dropped. The rules that map messages onto these kinds live in
 * src/diagnostics/classify/verus-message-rules.ts and src/diagnostics/rustc/rustc-code-kinds.ts.
 */
export const DIAGNOSTIC_KINDS = [
  // SMT verification failures (Verus's catalog, section A)
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
  // well-formedness (VIR) errors (section B) and other Verus rejections of a program's shape
  'missing-decreases',
  'decreases-type-mismatch',
  'broadcast-recursion',
  'cheating',
  'unsupported',
  'ignored-function',
  'panic-unsupported',
  'well-formedness',
  'verus-internal-error',
  'verus-panic',
  'solver-version',
  // mode errors (section C)
  'mode',
  // trigger errors and notes (section D), and the quantifier profiler's notes
  'trigger-inference',
  'trigger-invalid',
  'trigger-note',
  'quantifier-profile',
  // progress and bookkeeping notes
  'progress-note',
  'output-truncated',
  // compiler errors (rustc, by code or by message when there is no code)
  'rustc-syntax',
  'rustc-type',
  'rustc-borrow',
  'rustc-resolve',
  'rustc-lint',
  'rustc-other',
  // set by callers that run `cargo test` in the pre-check, never by the output parser
  'rustc-test-failure',
  'unknown',
] as const;

export type DiagnosticKind = (typeof DIAGNOSTIC_KINDS)[number];

/** Kinds that are informational: they never make a proof fail on their own. */
export const INFORMATIONAL_KINDS: ReadonlySet<DiagnosticKind> = new Set<DiagnosticKind>([
  'multiple-errors-note',
  'long-running-note',
  'trigger-note',
  'quantifier-profile',
  'progress-note',
  'output-truncated',
]);
