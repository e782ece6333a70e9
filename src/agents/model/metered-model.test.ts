import { describe, expect, it } from 'vitest';
import type { ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';
import { textChoice } from '../testing/scripted-language-model.js';
import { MeteredModel } from './metered-model.js';
import type { ModelWaitEvent } from './model-wait-event.js';
import { ModelBudget } from './model-budget.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'x' }], tools: [], toolChoice: null, n: 1, temperature: 0, maxOutputTokens: 10 };

/** Answers (or fails) after a delay, like an endpoint that takes its time. */
function slowModel(delays: number[], fail = false): LanguageModel {
  return {
    modelName: 'slow',
    complete: () =>
      new Promise<ChatResponse>((resolve, reject) => {
        setTimeout(() => (fail ? reject(new Error('endpoint down')) : resolve({ model: 'slow', choices: [textChoice('ok')], usage: { promptTokens: 1, completionTokens: 1, estimated: false }, latencyMs: 0 })), delays.shift() ?? 0);
      }),
  };
}

const budget = () => new ModelBudget({ maxCalls: 10, maxTokens: 1_000, maxCostUsd: null });

describe('MeteredModel waiting heartbeats', () => {
  it('reports waiting at once, then every heartbeat with the elapsed time, then that the wait is over', async () => {
    const events: ModelWaitEvent[] = [];
    const metered = new MeteredModel(slowModel([330]), budget(), {}, { onWaiting: (event) => events.push(event), heartbeatMs: 100 });
    await metered.call(request);
    expect(events[0]).toEqual({ type: 'model-waiting', elapsedMs: 0 });
    const beats = events.filter((event) => event.type === 'model-waiting').slice(1);
    expect(beats.length).toBeGreaterThanOrEqual(2);
    expect(beats.length).toBeLessThanOrEqual(4);
    expect(beats.every((event, index) => index === 0 || event.elapsedMs > beats[index - 1]!.elapsedMs)).toBe(true);
    expect(beats[0]!.elapsedMs).toBeGreaterThanOrEqual(90);
    expect(events.at(-1)).toMatchObject({ type: 'model-finished', outcome: 'answered' });
    const count = events.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(events).toHaveLength(count);
  });

  it('treats overlapping calls as one wait, and reports a failed wait', async () => {
    const events: ModelWaitEvent[] = [];
    const parallel = new MeteredModel(slowModel([50, 120]), budget(), {}, { onWaiting: (event) => events.push(event), heartbeatMs: 1_000 });
    await Promise.all([parallel.call(request), parallel.call(request)]);
    expect(events.map((event) => event.type)).toEqual(['model-waiting', 'model-finished']);
    expect(events[1]!.elapsedMs).toBeGreaterThanOrEqual(110);

    const failures: ModelWaitEvent[] = [];
    const failing = new MeteredModel(slowModel([10], true), budget(), {}, { onWaiting: (event) => failures.push(event), heartbeatMs: 1_000 });
    await expect(failing.call(request)).rejects.toThrow('endpoint down');
    expect(failures.at(-1)).toMatchObject({ type: 'model-finished', outcome: 'failed' });
  });
});
