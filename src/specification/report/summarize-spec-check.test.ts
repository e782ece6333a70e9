import { describe, expect, it } from 'vitest';
import type { ClauseStatus, FunctionSpecCheck } from './spec-check-report.js';
import { summarizeSpecCheck } from './summarize-spec-check.js';

const at = { file: 'src/lib.rs', line: 1, notes: [] };
const ensures = (specPanics = 0): ClauseStatus => ({ kind: 'ensures', index: 0, text: 'r == x', line: 3, status: 'executable', specPanics });
const requires: ClauseStatus = { kind: 'requires', index: 0, text: 'x < 10', line: 2, status: 'executable', specPanics: 0 };
const counts = (tried: number, satisfyingRequires: number) => ({ tried, satisfyingRequires, exhaustive: 0, requiresPanicked: 0 });

describe('summarizeSpecCheck', () => {
  it('counts an ensures as checked only when it was evaluated on an input, and the inputs of such functions', () => {
    const totals = summarizeSpecCheck([
      { ...at, function: 'f', status: 'checked', clauses: [requires, ensures()], counts: counts(20, 7), counterexamples: [] },
      // Its ensures panicked on every input satisfying the requires: evaluated on none.
      { ...at, function: 'g', status: 'checked', clauses: [ensures(5)], counts: counts(5, 5), counterexamples: [] },
    ]);
    expect(totals).toEqual({ outcome: 'none-found', nothingChecked: null, clausesChecked: 1, inputsChecked: 7, counterexamples: 0, timeouts: 0, memoryExceeded: 0, untried: 0 });
  });

  it('says why nothing was checked on one line, a reason shared by several functions once', () => {
    const failed = (name: string): FunctionSpecCheck => ({ ...at, function: name, status: 'harness-failed', clauses: [ensures()], reason: 'the harness crate did not build: error[E0308]: mismatched types\n --> src/lib.rs:3:5' });
    const totals = summarizeSpecCheck([failed('a'), failed('b'), { ...at, function: 'c', status: 'checked', clauses: [requires], counts: counts(10, 10), counterexamples: [] }, { ...at, function: 'd', status: 'checked', clauses: [requires, ensures()], counts: counts(10, 0), counterexamples: [] }]);
    expect(totals.outcome).toBe('nothing-checked');
    expect(totals.nothingChecked).toBe('a, b: the harness crate did not build: error[E0308]: mismatched types; c: it has no ensures; d: no input of 10 satisfied the requires');
  });

  it('a counterexample is the outcome even when no ensures was evaluated (a panic on every input)', () => {
    const panic = { kind: 'panic' as const, panic: 'index-out-of-bounds' as const, inputs: [], message: 'index out of bounds', location: 'src/lib.rs:3:5' };
    expect(summarizeSpecCheck([{ ...at, function: 'p', status: 'checked', clauses: [ensures()], counts: counts(3, 3), counterexamples: [panic] }])).toMatchObject({ outcome: 'counterexample', counterexamples: 1, nothingChecked: null });
  });
});
