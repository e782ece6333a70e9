import { describe, expect, it } from 'vitest';
import { DEFAULT_REPAIR_BUDGET, type RepairProgress } from './repair-budget.js';
import { DEFAULT_STOP_CONDITIONS, firstStopReason } from './stop-conditions.js';

const fresh: RepairProgress = { iterationsDone: 0, tokensUsed: 0, costUsd: null, elapsedMs: 0, verifiedCandidate: false, modelBudgetExhausted: null };

describe('stop conditions', () => {
  it('goes on while nothing is exhausted', () => {
    expect(firstStopReason(DEFAULT_STOP_CONDITIONS, fresh, DEFAULT_REPAIR_BUDGET)).toBeNull();
  });

  it('stops on success before budget reasons, and on each budget', () => {
    const budget = { iterations: 6, maxTokens: 1000, maxCostUsd: 0.5, maxWallTimeMs: 60_000 };
    expect(firstStopReason(DEFAULT_STOP_CONDITIONS, { ...fresh, verifiedCandidate: true, iterationsDone: 6 }, budget)).toBe('a candidate verified');
    expect(firstStopReason(DEFAULT_STOP_CONDITIONS, { ...fresh, iterationsDone: 6 }, budget)).toMatch(/iteration budget/);
    expect(firstStopReason(DEFAULT_STOP_CONDITIONS, { ...fresh, tokensUsed: 1000 }, budget)).toMatch(/token budget/);
    expect(firstStopReason(DEFAULT_STOP_CONDITIONS, { ...fresh, costUsd: 0.6 }, budget)).toMatch(/cost budget/);
    expect(firstStopReason(DEFAULT_STOP_CONDITIONS, { ...fresh, elapsedMs: 60_000 }, budget)).toMatch(/time budget/);
    expect(firstStopReason(DEFAULT_STOP_CONDITIONS, { ...fresh, modelBudgetExhausted: 'max calls reached' }, budget)).toBe('max calls reached');
  });
});
