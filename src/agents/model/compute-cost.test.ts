import { describe, expect, it } from 'vitest';
import { computeCost } from './compute-cost.js';

describe('computeCost', () => {
  const prices = { m: { inputPerMillion: 1.25, cachedInputPerMillion: 0.125, outputPerMillion: 10 }, full: { inputPerMillion: 1.25, outputPerMillion: 10 } };

  it('prices cached prompt tokens at the cached price and the rest at the input price', () => {
    // 10 000 prompt tokens of which 8 192 cached, 500 out: 1 808 × 1.25 + 8 192 × 0.125 + 500 × 10 per million.
    expect(computeCost({ promptTokens: 10_000, cachedPromptTokens: 8_192, completionTokens: 500, estimated: false }, 'm', prices)).toBeCloseTo(0.008284, 10);
  });

  it('charges cached tokens the full input price when no cached price is configured, and knows no price for an unpriced model', () => {
    expect(computeCost({ promptTokens: 10_000, cachedPromptTokens: 8_192, completionTokens: 500, estimated: false }, 'full', prices)).toBeCloseTo(0.0175, 10);
    expect(computeCost({ promptTokens: 1, completionTokens: 1, estimated: false }, 'other', prices)).toBeNull();
  });
});
