/** Which limit of the run's budget was reached. */
export type BudgetLimit = 'calls' | 'tokens' | 'cost';

/**
 * The run must stop: a budget limit was reached. A value, not an error, so that a run ends cleanly
 * with this as its stated reason.
 */
export interface BudgetExhausted {
  kind: 'budget-exhausted';
  limit: BudgetLimit;
  /** What was used so far and what the limit is, in the limit's unit (calls, tokens or USD). */
  used: number;
  maximum: number;
  reason: string;
}
