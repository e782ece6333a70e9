import type { ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';
import type { ModelPrice } from '../config/model-config.js';
import type { BudgetExhausted } from './budget-exhausted.js';
import { computeCost } from './compute-cost.js';
import type { ModelBudget } from './model-budget.js';

/** The outcome of a call made within the budget. */
export type MeteredCallOutcome =
  | { status: 'answered'; response: ChatResponse; costUsd: number | null }
  | { status: 'budget-exhausted'; exhausted: BudgetExhausted };

/**
 * The one door through which agents reach a model: checks the shared budget before each call and
 * books usage and cost after it. Adapter errors (after the adapter's own retries) still throw.
 */
export class MeteredModel {
  constructor(
    readonly model: LanguageModel,
    readonly budget: ModelBudget,
    private readonly prices: Record<string, ModelPrice>,
  ) {}

  async call(request: ChatRequest, signal?: AbortSignal): Promise<MeteredCallOutcome> {
    const exhausted = this.budget.checkExhausted();
    if (exhausted !== null) return { status: 'budget-exhausted', exhausted };
    let response: ChatResponse;
    try {
      response = await this.model.complete(request, signal);
    } catch (error) {
      this.budget.recordCall(null, null);
      throw error;
    }
    const costUsd = computeCost(response.usage, this.model.modelName, this.prices);
    this.budget.recordCall(response.usage, costUsd);
    return { status: 'answered', response, costUsd };
  }
}
