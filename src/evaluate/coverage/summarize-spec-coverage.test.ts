import { describe, expect, it } from 'vitest';
import type { ClauseStatus, FunctionSpecCheck } from '../../specification/index.js';
import { groupNotExecutableReason, summarizeSpecCoverage } from './summarize-spec-coverage.js';

const counts = { tried: 20, satisfyingRequires: 20, exhaustive: 10, requiresPanicked: 0 };
const executable = (kind: 'requires' | 'ensures', index: number): ClauseStatus => ({ kind, index, text: 'x < 10', line: 3, status: 'executable', specPanics: 0 });
const refused = (kind: 'requires' | 'ensures', index: number, reason: string): ClauseStatus => ({ kind, index, text: 'forall|i: int| i < r ==> f(i)', line: 4, status: 'not-executable', reason });
const at = { file: 'src/lib.rs', line: 1, notes: [] };

// Reasons in the forms src/specification/ writes them (plan-function-check.ts, adapt-quantifiers.ts, assemble-function-check.ts).
const CHECKS: Array<FunctionSpecCheck & { crate: string }> = [
  { ...at, crate: 'a', function: 'clamp', status: 'checked', clauses: [executable('requires', 0), executable('ensures', 0)], counts, counterexamples: [] },
  { ...at, crate: 'a', function: 'spin', status: 'timed-out', clauses: [executable('ensures', 0)], inputs: [], timeoutMs: 500 },
  { ...at, crate: 'a', function: 'below', status: 'checked', clauses: [executable('requires', 0), refused('ensures', 0, 'unbounded quantifier: forall over i has no guard lower <= i < upper, so it cannot be enumerated')], counts, counterexamples: [] },
  { ...at, crate: 'b', function: 'first_of', status: 'not-executable', clauses: [], reason: 'generic function <T: Copy>: generic and trait-generic code has no single exec instance to run' },
  { ...at, crate: 'b', function: 'Stock::add', status: 'not-executable', clauses: [], reason: 'a method: the harness calls free functions only' },
  { ...at, crate: 'b', function: 'Ring::push', status: 'not-executable', clauses: [], reason: 'a method: the harness calls free functions only' },
  { ...at, crate: 'c', function: 'sum', status: 'not-executable', clauses: [refused('requires', 0, 'x')], reason: 'requires[0] is not executable (uses spec fn spec_sum, which is not executable: spec fn spec_sum: n has type nat; the macro compiles only primitive integer types, not int or nat); without every requires the inputs cannot be filtered' },
  { ...at, crate: 'c', function: 'widen', status: 'checked', clauses: [executable('requires', 0), refused('ensures', 0, "the macro's output for it does not compile: error[E0308]: mismatched types\n --> src/verus_repair_spec_check.rs:12:5")], counts, counterexamples: [] },
  { ...at, crate: 'c', function: 'find', status: 'harness-failed', clauses: [executable('ensures', 0)], reason: 'the harness process ran longer than 60000 ms' },
  { ...at, crate: 'c', function: 'max_of', status: 'checked', clauses: [executable('ensures', 0), executable('ensures', 1)], counts, counterexamples: [{ kind: 'panic', panic: 'arithmetic-overflow', inputs: [], message: 'attempt to add with overflow', location: 'src/lib.rs:3:5' }] },
];

describe('summarizeSpecCoverage', () => {
  it('counts a function only when every requires and ensures compiled, whatever the runs found', () => {
    const coverage = summarizeSpecCoverage(CHECKS);
    // clamp, spin (timed out, but its clauses compiled) and max_of (a counterexample is still a check).
    expect([coverage.executable, coverage.functions, coverage.share]).toEqual([3, 10, 0.3]);
    expect([coverage.executableClauses, coverage.clauses]).toEqual([8, 11]);
  });

  it('groups the others by the kind of their first reason, the most frequent first, naming the functions', () => {
    expect(summarizeSpecCoverage(CHECKS).reasons).toEqual([
      { reason: 'a method (the harness calls free functions only)', functions: ['b::Stock::add', 'b::Ring::push'] },
      { reason: 'a generic function', functions: ['b::first_of'] },
      { reason: 'a requires is not executable: calls a spec fn that is not executable: a spec fn over int/nat (the macro compiles primitive integer types only)', functions: ['c::sum'] },
      { reason: 'an unbounded quantifier', functions: ['a::below'] },
      { reason: "rustc rejects the macro's output (error[E0308])", functions: ['c::widen'] },
      { reason: 'the harness did not build or run', functions: ['c::find'] },
    ]);
  });

  it('an empty set is a share of 0, and an unknown reason is kept by its first line', () => {
    expect(summarizeSpecCoverage([])).toMatchObject({ functions: 0, share: 0, reasons: [] });
    expect(groupNotExecutableReason('something new\nwith details')).toBe('something new');
  });

  it('groups the reasons the typed translation and the methods give (src/specification/translate-*.ts, plan-function-check.ts)', () => {
    expect(groupNotExecutableReason("a method of trait Audit's impl: its requires and ensures are the trait's")).toBe("a trait method (its requires and ensures are the trait's)");
    expect(groupNotExecutableReason('the receiver: struct Pair is a tuple struct (only structs with named fields are generated)')).toBe('the receiver of a struct the harness cannot generate (generic, a tuple struct, more than 4 fields, or a field with no generator)');
    expect(groupNotExecutableReason('uses the mirror of struct Pair, which is not executable: struct Pair has 5 fields (the harness generates structs of up to 4)')).toBe('uses a struct check-spec cannot mirror: a struct the harness cannot generate (generic, a tuple struct, more than 4 fields, or a field with no generator)');
    expect(groupNotExecutableReason('requires[0] is not executable (calls pow, which is not a spec fn of the crate that check-spec can copy); without every requires the inputs cannot be filtered')).toBe("a requires is not executable: a call of a function that is not a spec fn of the crate (vstd's, an exec fn)");
    expect(groupNotExecutableReason('uses spec fn f, which is not executable: spec fn f: match expressions are not translated (matches, is and if are)')).toBe('calls a spec fn that is not executable: in a spec fn it calls: a match expression');
  });
});
