import pLimit from 'p-limit';
import type { ChatChoice, ChatRequest } from '../../core/language-model.js';
import type { BudgetExhausted } from './budget-exhausted.js';
import type { MeteredModel } from './metered-model.js';

/** How to get K candidates: one request with `n = K`, or K requests with `n = 1` (endpoints without `n`). */
export interface SamplingOptions {
  samples: number;
  sampling: 'n' | 'parallel';
  parallelRequests: number;
}

/** The sampled choices, re-indexed 0..k-1; `exhausted` is set when the budget stopped some of the calls. */
export type SamplingOutcome =
  | { status: 'sampled'; choices: ChatChoice[]; exhausted: BudgetExhausted | null }
  | { status: 'budget-exhausted'; exhausted: BudgetExhausted };

/**
 * Samples K answers to one request. In parallel mode the calls start in index order (p-limit keeps it),
 * which the cassette recorder's sequence numbers capture, so a replay assigns answers to the same indices.
 */
export async function sampleChoices(model: MeteredModel, request: Omit<ChatRequest, 'n'>, options: SamplingOptions, signal?: AbortSignal): Promise<SamplingOutcome> {
  if (options.sampling === 'n' || options.samples === 1) {
    const outcome = await model.call({ ...request, n: options.samples }, signal);
    if (outcome.status === 'budget-exhausted') return outcome;
    return { status: 'sampled', choices: reindex(outcome.response.choices.slice(0, options.samples)), exhausted: null };
  }
  const limit = pLimit(options.parallelRequests);
  const outcomes = await Promise.all(Array.from({ length: options.samples }, () => limit(() => model.call({ ...request, n: 1 }, signal))));
  const choices = outcomes.flatMap((outcome) => (outcome.status === 'answered' ? outcome.response.choices.slice(0, 1) : []));
  const exhausted = outcomes.find((outcome) => outcome.status === 'budget-exhausted');
  if (choices.length === 0 && exhausted !== undefined) return exhausted;
  return { status: 'sampled', choices: reindex(choices), exhausted: exhausted?.exhausted ?? null };
}

function reindex(choices: ChatChoice[]): ChatChoice[] {
  return choices.map((choice, index) => ({ ...choice, index }));
}
