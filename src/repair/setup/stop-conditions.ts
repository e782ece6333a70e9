import type { RepairBudget, RepairProgress } from './repair-budget.js';

/** A named reason to stop the loop, or null to go on. Small predicates composed by `firstStopReason`. */
export type StopCondition = (progress: RepairProgress, budget: RepairBudget) => string | null;

export const candidateVerified: StopCondition = (progress) => (progress.verifiedCandidate ? 'a candidate verified' : null);

export const iterationsExhausted: StopCondition = (progress, budget) =>
  progress.iterationsDone >= budget.iterations ? `iteration budget exhausted (${budget.iterations})` : null;

export const tokensExhausted: StopCondition = (progress, budget) =>
  budget.maxTokens !== null && progress.tokensUsed >= budget.maxTokens ? `token budget exhausted (${progress.tokensUsed} of ${budget.maxTokens})` : null;

export const costExhausted: StopCondition = (progress, budget) =>
  budget.maxCostUsd !== null && progress.costUsd !== null && progress.costUsd >= budget.maxCostUsd
    ? `cost budget exhausted ($${progress.costUsd.toFixed(4)} of $${budget.maxCostUsd})`
    : null;

export const wallClockExhausted: StopCondition = (progress, budget) =>
  budget.maxWallTimeMs !== null && progress.elapsedMs >= budget.maxWallTimeMs ? `time budget exhausted (${Math.round(progress.elapsedMs / 1000)} s)` : null;

export const modelBudgetExhausted: StopCondition = (progress) => progress.modelBudgetExhausted;

export const DEFAULT_STOP_CONDITIONS: StopCondition[] = [
  candidateVerified,
  modelBudgetExhausted,
  tokensExhausted,
  costExhausted,
  wallClockExhausted,
  iterationsExhausted,
];

export function firstStopReason(conditions: readonly StopCondition[], progress: RepairProgress, budget: RepairBudget): string | null {
  for (const condition of conditions) {
    const reason = condition(progress, budget);
    if (reason !== null) return reason;
  }
  return null;
}
