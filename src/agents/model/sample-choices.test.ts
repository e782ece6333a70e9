import { describe, expect, it } from 'vitest';
import { ScriptedLanguageModel, textChoice } from '../testing/scripted-language-model.js';
import { MeteredModel } from './metered-model.js';
import { ModelBudget } from './model-budget.js';
import { sampleChoices } from './sample-choices.js';
import { ModelAdaptations } from '../adapt/model-adaptations.js';
import type { ModelAdaptedEvent } from '../adapt/model-adaptation.js';

const request = { messages: [{ role: 'user' as const, content: 'x' }], tools: [], toolChoice: null, temperature: 0.2, maxOutputTokens: 10 };
const metered = (model: ScriptedLanguageModel, maxCalls = 10) => new MeteredModel(model, new ModelBudget({ maxCalls, maxTokens: 1_000_000, maxCostUsd: null }), { m: { inputPerMillion: 1_000_000, outputPerMillion: 0 } });

describe('sampleChoices', () => {
  it('asks once with n = K in n mode', async () => {
    const model = new ScriptedLanguageModel('m', [(received) => Array.from({ length: received.n }, (_, index) => textChoice(`c${index}`, index))]);
    const outcome = await sampleChoices(metered(model), request, { samples: 3, sampling: 'n', parallelRequests: 1 });
    expect(model.requests.map((received) => received.n)).toEqual([3]);
    expect(outcome.status === 'sampled' && outcome.choices.map((choice) => choice.text)).toEqual(['c0', 'c1', 'c2']);
  });

  it('makes K calls with n = 1 in parallel mode and re-indexes the choices', async () => {
    const model = new ScriptedLanguageModel('m', [() => [textChoice('a')], () => [textChoice('b')], () => [textChoice('c')]]);
    const outcome = await sampleChoices(metered(model), request, { samples: 3, sampling: 'parallel', parallelRequests: 2 });
    expect(model.requests.map((received) => received.n)).toEqual([1, 1, 1]);
    expect(outcome.status === 'sampled' && outcome.choices.map((choice) => [choice.index, choice.text])).toEqual([[0, 'a'], [1, 'b'], [2, 'c']]);
  });

  it('returns the answered samples and the exhaustion when the budget stops some calls', async () => {
    const model = new ScriptedLanguageModel('m', [() => [textChoice('a')], () => [textChoice('b')]]);
    const outcome = await sampleChoices(metered(model, 2), request, { samples: 3, sampling: 'parallel', parallelRequests: 1 });
    expect(outcome).toMatchObject({ status: 'sampled', exhausted: { limit: 'calls' } });
    expect(outcome.status === 'sampled' && outcome.choices).toHaveLength(2);
  });
});

describe('sampleChoices on endpoints that ignore or refuse n', () => {
  it('gets the missing choices by parallel calls, counts every call\'s tokens, and samples in parallel for the rest of the run', async () => {
    const events: ModelAdaptedEvent[] = [];
    // An endpoint that answers one choice whatever n says (Ollama's documented behaviour).
    const model = new ScriptedLanguageModel('m', [() => [textChoice('a')], () => [textChoice('b')], () => [textChoice('c')], () => [textChoice('d')], () => [textChoice('e')], () => [textChoice('f')]]);
    const budget = new ModelBudget({ maxCalls: 10, maxTokens: 1_000_000, maxCostUsd: null });
    const metered = new MeteredModel(model, budget, { m: { inputPerMillion: 1, outputPerMillion: 2 } }, { adaptations: new ModelAdaptations((event) => events.push(event)) });
    const first = await sampleChoices(metered, request, { samples: 3, sampling: 'n', parallelRequests: 2 });
    expect(first.status === 'sampled' && first.choices.map((choice) => [choice.index, choice.text])).toEqual([[0, 'a'], [1, 'b'], [2, 'c']]);
    expect(model.requests.map((received) => received.n)).toEqual([3, 1, 1]);
    expect(events).toEqual([{ type: 'model-adapted', parameter: 'n', change: 'several samples come from parallel calls with n = 1', reason: 'asked for 3 choices in one call (n = 3), 1 came back' }]);
    await sampleChoices(metered, request, { samples: 3, sampling: 'n', parallelRequests: 2 });
    expect(model.requests.map((received) => received.n)).toEqual([3, 1, 1, 1, 1, 1]);
    expect(events).toHaveLength(1);
    // The scripted model reports 10 prompt tokens and one completion token per choice, for every one of the six calls.
    expect(budget.snapshot()).toMatchObject({ calls: 6, promptTokens: 60, completionTokens: 6 });
    expect(budget.snapshot().costUsd).toBeCloseTo((60 * 1 + 6 * 2) / 1_000_000, 12);
  });
});

describe('ModelBudget through MeteredModel', () => {
  it('stops on the token and cost limits, and books unknown cost as null', async () => {
    const model = new ScriptedLanguageModel('m', [() => [textChoice('a')], () => [textChoice('b')]]);
    const costly = new MeteredModel(model, new ModelBudget({ maxCalls: 10, maxTokens: 1_000_000, maxCostUsd: 15 }), { m: { inputPerMillion: 1_000_000, outputPerMillion: 0 } });
    expect((await costly.call({ ...request, n: 1 })).status).toBe('answered');
    expect((await costly.call({ ...request, n: 1 })).status).toBe('answered');
    expect(await costly.call({ ...request, n: 1 })).toMatchObject({ status: 'budget-exhausted', exhausted: { limit: 'cost', used: 20, maximum: 15 } });

    const tokens = new ModelBudget({ maxCalls: 10, maxTokens: 11, maxCostUsd: 1 });
    const unpriced = new MeteredModel(new ScriptedLanguageModel('unpriced', [() => [textChoice('a')]]), tokens, {});
    const answered = await unpriced.call({ ...request, n: 1 });
    expect(answered).toMatchObject({ status: 'answered', costUsd: null });
    expect(tokens.snapshot().costUsd).toBeNull();
    expect(await unpriced.call({ ...request, n: 1 })).toMatchObject({ status: 'budget-exhausted', exhausted: { limit: 'tokens', used: 11 } });
  });
});
