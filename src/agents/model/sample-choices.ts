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
 * In `n` mode, an endpoint that returns fewer choices than asked (or refused `n`, which the adapting
 * client turned into n = 1) gets the rest by parallel calls, and the run samples in parallel from then on.
 */
export async function sampleChoices(model: MeteredModel, request: Omit<ChatRequest, 'n'>, options: SamplingOptions, signal?: AbortSignal): Promise<SamplingOutcome> {
  const parallel = options.sampling === 'parallel' || model.adaptations.has('n');
  if (options.samples > 1 && parallel) return sampleInParallel(model, request, options.samples, options.parallelRequests, signal);
  const outcome = await model.call({ ...request, n: options.samples }, signal);
  if (outcome.status === 'budget-exhausted') return outcome;
  const choices = outcome.response.choices.slice(0, options.samples);
  if (choices.length >= options.samples) return { status: 'sampled', choices: reindex(choices), exhausted: null };
  const sent = { ...request, n: options.samples };
  model.adaptations.adopt('n', sent, `asked for ${options.samples} choices in one call (n = ${options.samples}), ${choices.length} came back`);
  const rest = await sampleInParallel(model, request, options.samples - choices.length, options.parallelRequests, signal);
  if (rest.status === 'budget-exhausted') return { status: 'sampled', choices: reindex(choices), exhausted: rest.exhausted };
  return { status: 'sampled', choices: reindex([...choices, ...rest.choices]), exhausted: rest.exhausted };
}

async function sampleInParallel(model: MeteredModel, request: Omit<ChatRequest, 'n'>, samples: number, parallelRequests: number, signal?: AbortSignal): Promise<SamplingOutcome> {
  const limit = pLimit(parallelRequests);
  const outcomes = await Promise.all(Array.from({ length: samples }, () => limit(() => model.call({ ...request, n: 1 }, signal))));
  const choices = outcomes.flatMap((outcome) => (outcome.status === 'answered' ? outcome.response.choices.slice(0, 1) : []));
  const exhausted = outcomes.find((outcome) => outcome.status === 'budget-exhausted');
  if (choices.length === 0 && exhausted !== undefined) return exhausted;
  return { status: 'sampled', choices: reindex(choices), exhausted: exhausted?.exhausted ?? null };
}

function reindex(choices: ChatChoice[]): ChatChoice[] {
  return choices.map((choice, index) => ({ ...choice, index }));
}
