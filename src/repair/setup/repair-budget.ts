/** Limits of one repair run. The study used six iterations; tokens, cost and time are optional caps. */
export interface RepairBudget {
  iterations: number;
  maxTokens: number | null;
  maxCostUsd: number | null;
  maxWallTimeMs: number | null;
}

/** What a run has used so far; stop conditions read only this. */
export interface RepairProgress {
  iterationsDone: number;
  tokensUsed: number;
  costUsd: number | null;
  elapsedMs: number;
  verifiedCandidate: boolean;
  /** Set when the model client stopped on its own budget (calls, tokens, cost). */
  modelBudgetExhausted: string | null;
}

export const DEFAULT_REPAIR_BUDGET: RepairBudget = { iterations: 6, maxTokens: null, maxCostUsd: null, maxWallTimeMs: null };
