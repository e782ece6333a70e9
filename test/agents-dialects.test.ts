import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepairEvent } from '../src/repair/repair-event.js';
import { azureDialect, llamaCppDialect, ollamaSingleChoiceDialect, openAiPromptCachingDialect, openAiReasoningDialect } from './fake-openai-dialects.js';
import type { FakeDialect, FakeOpenAiServer } from './fake-openai-server.js';
import { BROKEN, DECOY_KEY, REFERENCE, createRepairWorld, editorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';

// Repairs end to end against provider dialects of the fake server (synthetic model answers, fake
// cargo-verus, real git and cargo). Each editor answer reports 1200 prompt and 300 completion tokens.
const WEAK = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(),\n');
const WEAKER = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            lo <= v.len(),\n');
/** USD per million tokens used by these tests (not any provider's price list). */
const PRICES = (name: string) => [`[model.prices."${name}"]`, 'input_per_million = 1.25', 'output_per_million = 10'];
const costOf = (calls: number) => calls * (1200 * 1.25 + 300 * 10) / 1_000_000;

let worlds: RepairWorld[] = [];
afterEach(async () => {
  await Promise.all(worlds.map((world) => world.close()));
  worlds = [];
});

async function world(dialect: FakeDialect, modelLines: (server: FakeOpenAiServer) => string[]): Promise<RepairWorld> {
  const created = await createRepairWorld({ dialect, modelLines });
  worlds.push(created);
  return created;
}

const adaptations = (events: RepairEvent[]) => events.flatMap((event) => (event.type === 'model-adapted' ? [event.parameter] : []));
const bodies = (server: FakeOpenAiServer) => server.requests.map((request) => request.body);

function expectNoKey(events: RepairEvent[], ...files: string[]): void {
  expect(JSON.stringify(events)).not.toContain(DECOY_KEY);
  for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain(DECOY_KEY);
}

describe('repairs against provider dialects (issue 20)', () => {
  it('a reasoning model named as such gets no temperature and max_completion_tokens from the start: nothing to adapt', async () => {
    const w = await world(openAiReasoningDialect(), (server) => ['name = "gpt-5"', 'provider = "openai"', `base_url = "${server.baseUrl}"`, ...PRICES('gpt-5')]);
    w.server.script(editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(w, { iterations: 2, houdiniRounds: 0, feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    expect(adaptations(events)).toEqual([]);
    expect(w.server.requests).toHaveLength(1);
    expect(bodies(w.server)[0]).not.toHaveProperty('temperature');
    expect(bodies(w.server)[0]).toMatchObject({ max_completion_tokens: 4096 });
    expect(outcome.report.totals).toMatchObject({ promptTokens: 1200, completionTokens: 300 });
    expect(outcome.report.totals.costUsd).toBeCloseTo(costOf(1), 6);
  });

  it('a reasoning model behind an unrecognised name: temperature and max_tokens adapted once each, remembered, and recorded as adapted', async () => {
    const w = await world(openAiReasoningDialect(), (server) => ['name = "reasoner-prod"', `base_url = "${server.baseUrl}"`, ...PRICES('reasoner-prod')]);
    w.server.script(editorReply([WEAK]), editorReply([REFERENCE]));
    const cassette = path.join(w.repoDir, '..', 'cassette.jsonl');
    const { outcome, events } = await runRepairInWorld(w, { iterations: 3, houdiniRounds: 0, feedbackLevel: 'generic', record: cassette });
    expect(outcome.outcome).toBe('verified');
    expect(adaptations(events)).toEqual(['temperature', 'max_tokens']);
    // Iteration 1: refused twice, then answered; iteration 2 is sent as adapted at once.
    expect(bodies(w.server).map((body) => [body['temperature'] ?? null, 'max_tokens' in body ? 'max_tokens' : 'max_completion_tokens'])).toEqual([
      [0.2, 'max_tokens'], [null, 'max_tokens'], [null, 'max_completion_tokens'], [null, 'max_completion_tokens'],
    ]);
    expect(outcome.report.totals).toMatchObject({ promptTokens: 2400, completionTokens: 600 });
    expect(outcome.report.totals.costUsd).toBeCloseTo(costOf(2), 6);
    const entries = readFileSync(cassette, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { request: Record<string, unknown>; outcome: { kind: string } });
    expect(entries.map((entry) => [entry.outcome.kind, entry.request['temperature'], entry.request['maxTokensField'] ?? null])).toEqual([
      ['error', 0.2, null], ['error', null, null], ['response', null, 'max_completion_tokens'], ['response', null, 'max_completion_tokens'],
    ]);
    expectNoKey(events, cassette);

    // The replay adapts the same way from the recorded refusals, with no endpoint.
    const again = await world(openAiReasoningDialect(), (server) => ['name = "reasoner-prod"', `base_url = "${server.baseUrl}"`, ...PRICES('reasoner-prod')]);
    const replayed = await runRepairInWorld(again, { iterations: 3, houdiniRounds: 0, feedbackLevel: 'generic', replay: cassette, environment: { ...again.environment, OPENAI_API_KEY: '' } });
    expect(replayed.outcome.outcome).toBe('verified');
    expect(adaptations(replayed.events)).toEqual(['temperature', 'max_tokens']);
    expect(again.server.requests).toHaveLength(0);
    expect(replayed.outcome.report.totals.costUsd).toBeCloseTo(costOf(2), 6);
  });

  it('a reasoning_effort the endpoint refuses is dropped once, said, and the repair goes on', async () => {
    const w = await world(openAiReasoningDialect(['low', 'medium', 'high']), (server) => ['name = "o3"', 'provider = "openai"', `base_url = "${server.baseUrl}"`, 'reasoning_effort = "minimal"', ...PRICES('o3')]);
    w.server.script(editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(w, { iterations: 2, houdiniRounds: 0, feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    expect(events.filter((event) => event.type === 'model-adapted')).toEqual([
      { type: 'model-adapted', parameter: 'reasoning_effort', change: 'reasoning_effort "minimal" is not sent (the endpoint uses its default)', reason: expect.stringContaining("'reasoning_effort' does not support 'minimal'") },
    ]);
    expect(bodies(w.server).map((body) => body['reasoning_effort'] ?? null)).toEqual(['minimal', null]);
  });

  it('a server that returns one choice for n = 3: the rest come from parallel calls, every call counted', async () => {
    const w = await world(ollamaSingleChoiceDialect, (server) => ['name = "qwen2.5-coder"', `base_url = "${server.baseUrl}"`, 'samples = 3', 'sampling = "n"', ...PRICES('qwen2.5-coder')]);
    w.server.script(editorReply([WEAK, WEAKER, REFERENCE]), editorReply([WEAKER]), editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(w, { iterations: 2, houdiniRounds: 0, feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    expect(adaptations(events)).toEqual(['n']);
    expect(bodies(w.server).map((body) => body['n'] ?? 1)).toEqual([3, 1, 1]);
    expect(outcome.report.totals).toMatchObject({ promptTokens: 3600, completionTokens: 900 });
    expect(outcome.report.totals.costUsd).toBeCloseTo(costOf(3), 6);
    expect(events.filter((event) => event.type === 'candidate-checked' && event.iteration === 1).map((event) => event.type === 'candidate-checked' && event.result).sort()).toEqual(['failed', 'failed', 'verified']);
  });

  it('a server that refuses n > 1 with a 400 (llama.cpp): one retry with n = 1, the rest in parallel, said once', async () => {
    const w = await world(llamaCppDialect, (server) => ['name = "local"', `base_url = "${server.baseUrl}"`, 'samples = 3', 'sampling = "n"', ...PRICES('local')]);
    w.server.script(editorReply([WEAK]), editorReply([WEAKER]), editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(w, { iterations: 2, houdiniRounds: 0, feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    expect(events.filter((event) => event.type === 'model-adapted')).toEqual([
      { type: 'model-adapted', parameter: 'n', change: 'several samples come from parallel calls with n = 1', reason: expect.stringContaining('Only one completion choice is allowed') },
    ]);
    expect(bodies(w.server).map((body) => body['n'] ?? 1)).toEqual([3, 1, 1, 1]);
    expect(outcome.report.totals.costUsd).toBeCloseTo(costOf(3), 6);
  });

  it('a server that refuses tool_choice as an object but accepts "required": asked once more with "required"', async () => {
    const w = await world(llamaCppDialect, (server) => ['name = "local"', `base_url = "${server.baseUrl}"`, 'tool_choice = "function"', ...PRICES('local')]);
    w.server.script(editorReply([WEAK]), editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(w, { iterations: 3, houdiniRounds: 0, feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    expect(adaptations(events)).toEqual(['tool_choice']);
    expect(bodies(w.server).map((body) => body['tool_choice'])).toEqual([{ type: 'function', function: { name: 'submit_candidate' } }, 'required', 'required']);
    expect(outcome.report.totals.costUsd).toBeCloseTo(costOf(2), 6);
  });

  it('Azure: the deployment URL, api-version and the key in an api-key header (never a bearer token), nothing to adapt', async () => {
    const w = await world(azureDialect('prod-gpt-4o', DECOY_KEY), (server) => ['name = "prod-gpt-4o"', 'provider = "azure"', `base_url = "${server.origin}/openai"`, 'api_key_env = "OPENAI_API_KEY"', ...PRICES('prod-gpt-4o')]);
    w.server.script(editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(w, { iterations: 2, houdiniRounds: 0, feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    expect(adaptations(events)).toEqual([]);
    const [sent] = w.server.requests;
    expect(sent).toMatchObject({ pathname: '/openai/deployments/prod-gpt-4o/chat/completions', query: { 'api-version': '2024-10-21' } });
    expect(sent!.headers['api-key']).toBe(DECOY_KEY);
    expect(String(sent!.headers['authorization'] ?? '')).not.toContain(DECOY_KEY);
    expect(sent!.body).toMatchObject({ max_completion_tokens: 4096, temperature: 0.2 });
    expect(outcome.report.totals.costUsd).toBeCloseTo(costOf(1), 6);
    expectNoKey(events, ...outcome.reportFiles);
  });

  it('prompt caching: later iterations re-send a byte-identical prefix, the cached share is reported, and cost uses the cached price', async () => {
    const prices = ['[model.prices."gpt-4o"]', 'input_per_million = 2.5', 'cached_input_per_million = 1.25', 'output_per_million = 10'];
    const w = await world(openAiPromptCachingDialect, (server) => ['name = "gpt-4o"', `base_url = "${server.baseUrl}"`, ...prices]);
    w.server.script(editorReply([WEAK]), editorReply([WEAKER]), editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(w, { iterations: 3, houdiniRounds: 0, feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    const usage = w.server.reportedUsage;
    expect(usage).toHaveLength(3);
    const cached = usage.map((entry) => entry.prompt_tokens_details?.cached_tokens ?? 0);
    expect(cached[0]).toBe(0);
    // Each later call re-sends the whole earlier conversation first: most of its prompt is a cache hit.
    for (const index of [1, 2]) expect(cached[index]! / usage[index]!.prompt_tokens).toBeGreaterThanOrEqual(0.7);
    const prompt = usage.reduce((sum, entry) => sum + entry.prompt_tokens, 0);
    const hits = cached.reduce((sum, value) => sum + value, 0);
    expect(outcome.report.totals).toMatchObject({ promptTokens: prompt, cachedPromptTokens: hits, completionTokens: 900 });
    // The published formula, written out: uncached input at 2.5, cached at 1.25, output at 10 (USD per million).
    const expected = ((prompt - hits) * 2.5 + hits * 1.25 + 900 * 10) / 1_000_000;
    expect(outcome.report.totals.costUsd).toBeCloseTo(expected, 8);
    expect(outcome.report.totals.costUsd).not.toBeCloseTo((prompt * 2.5 + 900 * 10) / 1_000_000, 4);
    expect(events.filter((event) => event.type === 'budget').at(-1)).toMatchObject({ cachedTokens: hits });
    const markdown = readFileSync(outcome.reportFiles.find((file) => file.endsWith('.md'))!, 'utf8');
    expect(markdown).toContain(`- tokens: ${prompt} in (${hits} cached, ${Math.round((hits / prompt) * 100)}%) / 900 out; cost: $${expected.toFixed(4)}`);
  });
});
