/** Limits over a whole bench; null = none. */
export interface BenchBudget {
  maxTokens: number | null;
  maxCostUsd: number | null;
  maxWallTimeMs: number | null;
}

/** Why the bench must not start another attempt, or null; the message says which budget and how far it went. */
export function exceededBudget(budget: BenchBudget, spent: { tokens: number; costUsd: number; elapsedMs: number }): string | null {
  if (budget.maxTokens !== null && spent.tokens >= budget.maxTokens) return `token budget reached: ${spent.tokens} of ${budget.maxTokens} tokens used`;
  if (budget.maxCostUsd !== null && spent.costUsd >= budget.maxCostUsd) return `cost budget reached: $${spent.costUsd.toFixed(4)} of $${budget.maxCostUsd} spent`;
  if (budget.maxWallTimeMs !== null && spent.elapsedMs >= budget.maxWallTimeMs) return `time budget reached: ${Math.round(spent.elapsedMs / 1000)} s of ${Math.round(budget.maxWallTimeMs / 1000)} s`;
  return null;
}
