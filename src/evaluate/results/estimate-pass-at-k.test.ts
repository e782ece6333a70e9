import { describe, expect, it } from 'vitest';
import { estimatePassAtK } from './estimate-pass-at-k.js';

describe('estimatePassAtK', () => {
  it('is c/n at k = 1 and matches 1 − C(n−c,k)/C(n,k) exactly', () => {
    expect(estimatePassAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
    expect(estimatePassAtK(5, 2, 2)).toBeCloseTo(1 - 3 / 10, 12);
    expect(estimatePassAtK(4, 0, 3)).toBe(0);
    expect(estimatePassAtK(4, 2, 3)).toBe(1);
  });
  it('refuses k above n', () => {
    expect(() => estimatePassAtK(2, 1, 3)).toThrow(RangeError);
  });
});
