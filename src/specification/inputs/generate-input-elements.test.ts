import { describe, expect, it } from 'vitest';
import type { ExecType } from '../types/exec-type.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import { generateInputElements } from './generate-input-elements.js';

const u64: ExecType = { kind: 'int', name: 'u64' };
const usize: ExecType = { kind: 'int', name: 'usize' };
const vec = (element: ExecType): ExecType => ({ kind: 'vec', element });

function plan(parameters: ExecType[], result: ExecType): FunctionCheckPlan {
  return {
    index: 0, name: 'f', file: 'src/lib.rs', line: 1, callPath: 'crate::f', clauses: [],
    parameters: parameters.map((type, position) => ({ name: `p${position}`, type, passing: 'shared' })),
    result: { name: 'r', type: result },
  };
}

describe('generateInputElements', () => {
  it('takes the elements of each vector parameter of the result type, as Some for an Option result', () => {
    expect(generateInputElements(plan([vec(u64), u64, vec(u64)], u64))).toBe('|i| { let mut out = Vec::new(); out.extend(i.0.iter().cloned()); out.extend(i.2.iter().cloned()); out }');
    expect(generateInputElements(plan([u64, vec(u64)], { kind: 'option', inner: u64 }))).toBe('|i| { let mut out = Vec::new(); out.extend(i.1.iter().cloned().map(Some)); out }');
    expect(generateInputElements(plan([vec(vec(u64))], vec(u64)))).toBe('|i| { let mut out = Vec::new(); out.extend(i.0.iter().cloned()); out }');
  });

  it('takes nothing when no vector parameter has the result type as its element (an index into the vector is not an element)', () => {
    expect(generateInputElements(plan([vec(u64)], usize))).toBe('|_| Vec::new()');
    expect(generateInputElements(plan([u64, u64], u64))).toBe('|_| Vec::new()');
  });
});
