import { describe, expect, it } from 'vitest';
import { sumRlimitUse } from './sum-rlimit-use.js';

const outcome = (rlimit: number | null) => ({ function: 'f', module: null, mode: null, success: true, timeMs: null, rlimit });

describe('sumRlimitUse', () => {
  it('adds the counts Verus reported and skips functions without one', () => {
    expect(sumRlimitUse([outcome(400000), outcome(null), outcome(60123)])).toBe(460123);
  });

  it('is null, not 0, when no function has a count', () => {
    expect(sumRlimitUse([outcome(null)])).toBeNull();
    expect(sumRlimitUse([])).toBeNull();
  });
});
