import { describe, expect, it } from 'vitest';
import { describeCounterexample } from './describe-counterexample.js';

const clause = { kind: 'ensures' as const, index: 1, text: 'final(v)[0] == old(v)[0] + 1', line: 9 };

describe('describeCounterexample', () => {
  it('shows the after-state of &mut parameters, and what a panic means', () => {
    expect(describeCounterexample('bump', { kind: 'ensures-false', inputs: [{ name: 'v', value: '[0]' }], result: '()', after: [{ name: 'v', value: '[0]' }], clause }))
      .toBe('bump(v = [0]) left v = [0]: ensures final(v)[0] == old(v)[0] + 1 is false');
    expect(describeCounterexample('add', { kind: 'panic', panic: 'arithmetic-overflow', inputs: [{ name: 'x', value: '255' }], message: 'attempt to add with overflow', location: 'src/lib.rs:4:5' }))
      .toBe('add(x = 255) panicked at src/lib.rs:4:5: attempt to add with overflow (an arithmetic overflow, which Verus would have to prove absent)');
  });
});
