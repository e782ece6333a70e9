import { describe, expect, it } from 'vitest';
import type { ExecType } from '../types/exec-type.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import { shapeInputsCode } from './shape-inputs.js';

const vec: ExecType = { kind: 'vec', element: { kind: 'int', name: 'i32' } };
const int = (name: string): ExecType => ({ kind: 'int', name });

function plan(parameters: Array<[string, ExecType]>, requires: string[]): FunctionCheckPlan {
  return {
    index: 0, name: 'f', file: 'src/lib.rs', line: 1, callPath: 'crate::f', result: { name: null, type: { kind: 'unit' } },
    parameters: parameters.map(([name, type]) => ({ name, type, passing: 'shared' })),
    clauses: requires.map((text, index) => ({ id: `vr_f0_requires_${index}`, reference: { kind: 'requires', index, text, line: 1 }, adapted: { ok: true, text }, dependencies: [] })),
  };
}

describe('shapeInputsCode', () => {
  it('sets an integer from a vector\'s length, then resizes the other vectors it equals, and a vector to a constant', () => {
    const code = shapeInputsCode(plan([['a', vec], ['b', vec], ['total', vec], ['n', int('i32')]], ['n > 0', 'old(a).len() == n', 'b@.len() == n as usize && total.len() == 1']));
    expect(code).toBe('|i| { if let Ok(v) = <i32>::try_from(i.0.len()) { i.3 = v; } if let Ok(n) = usize::try_from(i.3) { if n <= 64 { runtime::resize(&mut i.1, n); } } if let Ok(n) = usize::try_from(1usize) { if n <= 64 { runtime::resize(&mut i.2, n); } } }');
  });

  it('makes one vector follow another, and sets each side once', () => {
    const code = shapeInputsCode(plan([['a', vec], ['b', vec]], ['a.len() == b.len()', 'b.len() == a.len()']));
    expect(code).toBe('|i| { if let Ok(n) = usize::try_from(i.0.len()) { if n <= 64 { runtime::resize(&mut i.1, n); } } }');
  });

  it('leaves alone what is not a top-level length equation: a disjunction, an inequality, a long constant, an unreadable text', () => {
    const code = shapeInputsCode(plan([['a', vec], ['n', int('u8')]], ['a.len() == n || n == 0', 'a.len() <= n', 'a.len() == 1000', 'a.len() == (']));
    expect(code).toBe('|_| {}');
  });
});
