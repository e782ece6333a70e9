import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_KINDS, type DiagnosticKind } from '../../core/diagnostic-kind.js';
import { classifyDiagnostic } from './classify-diagnostic.js';

/** Every message of the catalog in /work/shared/verus-facts.md §5 (A–E), exactly as Verus prints it, with its kind. */
const CATALOG: Array<[message: string, kind: DiagnosticKind]> = [
  // A. SMT failures
  ['assertion failed', 'assertion'],
  ['postcondition not satisfied', 'postcondition'],
  ['precondition not satisfied', 'precondition'],
  ['recommendation not met', 'recommends'],
  ['invariant not satisfied before loop', 'invariant-before-loop'],
  ['invariant not satisfied at end of loop body', 'invariant-end-of-loop-body'],
  ['loop invariant not satisfied', 'invariant-at-loop-exit'],
  ['decreases not satisfied at end of loop', 'decreases-end-of-loop'],
  ['decreases not satisfied at continue', 'decreases-at-continue'],
  ['could not prove termination', 'termination'],
  ['unable to show termination via `decreases_by` lemma', 'decreases-by-lemma'],
  ['possible arithmetic underflow/overflow', 'arithmetic-overflow'],
  ['possible division by zero', 'division-by-zero'],
  ['possible bit shift underflow/overflow', 'bit-shift'],
  ['recommendation not met: value may be out of range of the target type (use `#[verifier::truncate]` on the cast to silence this warning)', 'cast-out-of-range'],
  ['recommendation not met: cannot prove that there exists values that satisfy the condition of the choose expression', 'choose-unsatisfiable'],
  ['requires not satisfied', 'assert-by-requires'],
  ['bitvector assertion not satisfied', 'bitvector-assertion'],
  ['assert_by_compute_only failed to simplify down to true.  Instead got: false.', 'assert-by-compute'],
  ['Cannot show invariant holds at end of block', 'open-invariant-block'],
  ['constructed value may fail to meet its declared type invariant', 'type-invariant'],
  ['value may fail to meet its declared type invariant after assignment', 'type-invariant'],
  ['value may fail to meet its declared type invariant after mutation (use proof { use_type_invariant(...) })', 'type-invariant'],
  ['unable to prove post-condition of closure', 'closure-postcondition'],
  ["cannot show this call will not unwind, in function marked 'no_unwind'", 'no-unwind'],
  ['cannot show this call will not unwind', 'no-unwind'],
  ['cannot show atomic update was committed', 'atomic-update'],
  ['cannot show atomic update resolves at end of function', 'atomic-update'],
  ['cannot show atomic postcondition hold at end of block', 'atomic-update'],
  ['cannot show atomic precondition holds before update function', 'atomic-update'],
  ['Call to non-static function fails to satisfy `callee.requires(args)`', 'closure-precondition'],
  ['function body check: Resource limit (rlimit) exceeded; consider rerunning with --profile for more details', 'rlimit-exceeded'],
  ['while loop: Resource limit (rlimit) exceeded; consider rerunning with --profile for more details', 'rlimit-exceeded'],
  ['bitvector assertion not satisfied: Resource limit (rlimit) exceeded; consider rerunning with --profile for more details', 'rlimit-exceeded'],
  ['function body check: not all errors may have been reported; rerun with a higher value for --multiple-errors to find other potential errors in this function', 'multiple-errors-note'],
  ['function body check has been running for 30 seconds', 'long-running-note'],
  ['function body check finished in 42 seconds', 'long-running-note'],
  // B. termination-clause and well-formedness
  ['recursive function must have a decreases clause', 'missing-decreases'],
  ['loop must have a decreases clause', 'missing-decreases'],
  ['in mutually recursive functions, decreases clauses at the same position must have compatible types: int vs nat', 'decreases-type-mismatch'],
  ['cannot recursively use a broadcast proof fn', 'broadcast-recursion'],
  ['assume/admit not allowed with --no-cheating', 'cheating'],
  ['external_body/assume_specification not allowed with --no-cheating', 'cheating'],
  ['#[verifier::assume_termination] not allowed with --no-cheating', 'cheating'],
  ['call via externals_available_without_declaration not allowed with --no-cheating', 'cheating'],
  ['`std::fs::read` is not supported (note: you may be able to add a Verus specification to this function with `assume_specification`)', 'unsupported'],
  ['cannot use function `crate::helper` which is ignored because it is either declared outside the verus! macro or it is marked as `external`.', 'ignored-function'],
  ['The verifier does not yet support the following Rust feature: async functions', 'unsupported'],
  ["panic is not supported (if you used Rust's `assert!` macro, you may have meant to use Verus's `assert` function)", 'panic-unsupported'],
  ['verus internal error: unexpected type', 'verus-internal-error'],
  // C. modes
  ['cannot call function `crate::lemma` with mode proof', 'mode'],
  ['cannot call function `crate::spec_f` with mode spec', 'mode'],
  ['cannot call function with mode proof', 'mode'],
  ['cannot call spec function from exec mode', 'mode'],
  ['expression has mode spec, expected mode exec', 'mode'],
  ['cannot use spec-mode expression in executable context', 'mode'],
  ['cannot access ghost-mode place in executable context', 'mode'],
  ['cannot use assert or assume in exec mode', 'mode'],
  ['cannot use forall/exists in exec mode', 'mode'],
  ['cannot use choose in exec mode', 'mode'],
  ['cannot use while in proof or spec mode', 'mode'],
  ['cannot use `old` in exec-code', 'mode'],
  ['cannot mutate spec-mode place in exec-code', 'mode'],
  ['assignment is not allowed inside spec', 'mode'],
  ['exec code cannot initialize non-exec variables', 'mode'],
  ['cannot call external function from non-exec mode', 'mode'],
  // D. triggers
  ['Could not automatically infer triggers for this quantifier.  Use #[trigger] annotations to manually mark trigger terms instead.', 'trigger-inference'],
  ['could not infer triggers, because quantifier is too large (use manual #[trigger] instead)', 'trigger-inference'],
  ['trigger must be a function call, a field access, or arithmetic operator', 'trigger-invalid'],
  ['triggers cannot contain boolean operators', 'trigger-invalid'],
  ['triggers cannot contain inequalities', 'trigger-invalid'],
  ['triggers cannot contain if/else', 'trigger-invalid'],
  ['triggers cannot contain let/forall/exists/lambda/choose', 'trigger-invalid'],
  ['trigger{} does not cover variable i', 'trigger-invalid'],
  ['cannot use both manual triggers (#[trigger] or #![trigger ...]) and #![auto]', 'trigger-invalid'],
  ['automatically chose triggers for this expression:', 'trigger-note'],
  ['  trigger 1 of 2:', 'trigger-note'],
  ['Verus printed one or more automatically chosen quantifier triggers\nbecause it had low confidence in the chosen triggers.', 'trigger-note'],
  // E. other
  ['expected z3 version 4.16.0, found 4.12.5', 'solver-version'],
];

describe('classifyDiagnostic', () => {
  it.each(CATALOG)('%s → %s', (message, kind) => {
    expect(classifyDiagnostic({ message, code: null })).toEqual({ kind, origin: 'verus' });
  });

  it('uses only kinds of the taxonomy, and the catalog exercises every SMT, mode and trigger kind', () => {
    for (const [, kind] of CATALOG) expect(DIAGNOSTIC_KINDS).toContain(kind);
    const covered = new Set(CATALOG.map(([, kind]) => kind));
    expect(DIAGNOSTIC_KINDS.slice(0, DIAGNOSTIC_KINDS.indexOf('long-running-note') + 1).filter((kind) => !covered.has(kind))).toEqual([]);
  });

  it.each([
    ['E0308', 'mismatched types', 'rustc-type'],
    ['E0277', 'the trait bound `T: Copy` is not satisfied', 'rustc-type'],
    ['E0599', 'no method named `foo` found for struct `S` in the current scope', 'rustc-type'],
    ['E0499', 'cannot borrow `v` as mutable more than once at a time', 'rustc-borrow'],
    ['E0502', 'cannot borrow `v` as immutable because it is also borrowed as mutable', 'rustc-borrow'],
    ['E0382', 'borrow of moved value: `v`', 'rustc-borrow'],
    ['E0597', '`x` does not live long enough', 'rustc-borrow'],
    ['E0425', 'cannot find value `x` in this scope', 'rustc-resolve'],
    ['E0432', 'unresolved import `crate::x`', 'rustc-resolve'],
    ['E0433', 'failed to resolve: use of undeclared type `X`', 'rustc-resolve'],
    ['E0412', 'cannot find type `X` in this scope', 'rustc-resolve'],
    ['E0586', 'inclusive range with no end', 'rustc-syntax'],
    ['E0999', 'a code rustc does not have yet', 'rustc-other'],
    ['unused_variables', 'unused variable: `y`', 'rustc-lint'],
  ] as const)('rustc code %s → %s', (code, message, kind) => {
    expect(classifyDiagnostic({ message, code })).toEqual({ kind, origin: 'rustc' });
  });

  it.each([
    ['expected one of `,`, `.`, `?`, or an operator, found `x`', 'rustc-syntax'],
    ['unexpected closing delimiter: `}`', 'rustc-syntax'],
    ['this file contains an unclosed delimiter', 'rustc-syntax'],
    ['mismatched types', 'rustc-type'],
    ['cannot find value `x` in this scope', 'rustc-resolve'],
  ] as const)('a compiler message without a code: %s → %s', (message, kind) => {
    expect(classifyDiagnostic({ message, code: null })).toEqual({ kind, origin: 'rustc' });
  });

  it('keeps what it does not know as unknown, from Verus', () => {
    expect(classifyDiagnostic({ message: 'a message no rule knows', code: null })).toEqual({ kind: 'unknown', origin: 'verus' });
    expect(classifyDiagnostic({ message: '', code: null }).kind).toBe('unknown');
  });

  it('reads a panic through its payload so the solver-version panic is recognised', () => {
    const panic = "thread '<unnamed>' panicked at air/src/smt_verify.rs:71:13:";
    expect(classifyDiagnostic({ message: panic, code: null, notes: ['The verifier expects z3 version "4.16.0", found version "4.12.5"'] }).kind).toBe('solver-version');
    expect(classifyDiagnostic({ message: panic, code: null, notes: ['index out of bounds'] }).kind).toBe('verus-panic');
  });

  it('marks everything as pre-check output when the caller says so', () => {
    expect(classifyDiagnostic({ message: 'mismatched types', code: 'E0308' }, { origin: 'precheck' })).toEqual({ kind: 'rustc-type', origin: 'precheck' });
    expect(classifyDiagnostic({ message: 'assertion failed', code: null }, { origin: 'precheck' }).origin).toBe('precheck');
  });

  it('classifies by the first line only', () => {
    expect(classifyDiagnostic({ message: 'a note\npostcondition not satisfied', code: null }).kind).toBe('unknown');
  });
});
