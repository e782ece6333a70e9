import type { ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';
import { ModelAdaptations } from '../adapt/model-adaptations.js';
import type { ModelPrice } from '../config/model-config.js';
import type { BudgetExhausted } from './budget-exhausted.js';
import { computeCost } from './compute-cost.js';
import type { ModelBudget } from './model-budget.js';
import { DEFAULT_HEARTBEAT_MS, type ModelWaitEvent } from './model-wait-event.js';
import { WaitTracker } from './wait-tracker.js';

/** The outcome of a call made within the budget. */
export type MeteredCallOutcome =
  | { status: 'answered'; response: ChatResponse; costUsd: number | null }
  | { status: 'budget-exhausted'; exhausted: BudgetExhausted };

/** Who hears that the run is waiting on the model, and how often. */
export interface WaitingOptions {
  onWaiting?: (event: ModelWaitEvent) => void;
  heartbeatMs?: number;
  /** What the run has adapted to its endpoint (shared with the adapting client); a fresh, silent set when absent. */
  adaptations?: ModelAdaptations;
}

/**
 * The one door through which agents reach a model: checks the shared budget before each call and
 * books usage and cost after it. Adapter errors (after the adapter's own retries) still throw.
 * While calls are outstanding it sends heartbeats, so a slow or silent endpoint is visible.
 */
export class MeteredModel {
  private readonly waiting: WaitTracker;
  /** Read by sampling: once `n` is adapted, samples come from parallel calls. */
  readonly adaptations: ModelAdaptations;

  constructor(
    readonly model: LanguageModel,
    readonly budget: ModelBudget,
    private readonly prices: Record<string, ModelPrice>,
    options: WaitingOptions = {},
  ) {
    this.waiting = new WaitTracker(options.onWaiting ?? null, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    this.adaptations = options.adaptations ?? new ModelAdaptations();
  }

  async call(request: ChatRequest, signal?: AbortSignal): Promise<MeteredCallOutcome> {
    const exhausted = this.budget.checkExhausted();
    if (exhausted !== null) return { status: 'budget-exhausted', exhausted };
    let response: ChatResponse;
    this.waiting.begin();
    try {
      response = await this.model.complete(request, signal);
    } catch (error) {
      this.waiting.end('failed');
      this.budget.recordCall(null, null);
      throw error;
    }
    this.waiting.end('answered');
    const costUsd = computeCost(response.usage, this.model.modelName, this.prices);
    this.budget.recordCall(response.usage, costUsd);
    return { status: 'answered', response, costUsd };
  }
}
