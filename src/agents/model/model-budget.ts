import type { TokenUsage } from '../../core/language-model.js';
import type { BudgetLimits } from '../config/model-config.js';
import type { BudgetExhausted } from './budget-exhausted.js';

/** Running totals of one run's model use. `costUsd` is null once any call had an unknown price. */
export interface BudgetTotals {
  calls: number;
  promptTokens: number;
  /** Of `promptTokens`, those the provider reported as served from its prompt cache. */
  cachedPromptTokens: number;
  completionTokens: number;
  estimatedCalls: number;
  costUsd: number | null;
}

/**
 * The hard budget shared by every agent of a run. A call is allowed only while no limit is reached;
 * a call in flight may overshoot the token or cost limit once, after which nothing more is allowed.
 */
export class ModelBudget {
  private readonly totals: BudgetTotals = { calls: 0, promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0, estimatedCalls: 0, costUsd: 0 };

  constructor(private readonly limits: BudgetLimits) {}

  /** Why no further call may start, or null when one may. */
  checkExhausted(): BudgetExhausted | null {
    const { calls, promptTokens, completionTokens, costUsd } = this.totals;
    const tokens = promptTokens + completionTokens;
    if (calls >= this.limits.maxCalls) return exhausted('calls', calls, this.limits.maxCalls, `${calls} model calls made, the budget allows ${this.limits.maxCalls}`);
    if (tokens >= this.limits.maxTokens) return exhausted('tokens', tokens, this.limits.maxTokens, `${tokens} tokens used, the budget allows ${this.limits.maxTokens}`);
    const maxCost = this.limits.maxCostUsd;
    if (maxCost !== null && costUsd !== null && costUsd >= maxCost) {
      return exhausted('cost', costUsd, maxCost, `USD ${costUsd.toFixed(4)} spent, the budget allows USD ${maxCost.toFixed(4)}`);
    }
    return null;
  }

  /** Counts one finished call (also a failed one: it may have cost tokens we cannot see). */
  recordCall(usage: TokenUsage | null, costUsd: number | null): void {
    this.totals.calls += 1;
    if (usage === null) return;
    this.totals.promptTokens += usage.promptTokens;
    this.totals.cachedPromptTokens += Math.min(usage.cachedPromptTokens ?? 0, usage.promptTokens);
    this.totals.completionTokens += usage.completionTokens;
    if (usage.estimated) this.totals.estimatedCalls += 1;
    this.totals.costUsd = this.totals.costUsd === null || costUsd === null ? null : this.totals.costUsd + costUsd;
  }

  snapshot(): BudgetTotals {
    return { ...this.totals };
  }
}

function exhausted(limit: BudgetExhausted['limit'], used: number, maximum: number, reason: string): BudgetExhausted {
  return { kind: 'budget-exhausted', limit, used, maximum, reason: `budget exhausted: ${reason}` };
}
