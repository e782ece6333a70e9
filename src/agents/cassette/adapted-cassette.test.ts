import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAiReasoningDialect } from '../../../test/fake-openai-dialects.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server.js';
import type { ChatRequest } from '../../core/language-model.js';
import type { ModelAdaptedEvent } from '../adapt/model-adaptation.js';
import { readModelConfig } from '../config/read-model-config.js';
import { createModelStack } from '../create-model-stack.js';

const KEY = 'sk-adapted-cassette-DISTINCTIVE-42-key';
const ask: ChatRequest = { messages: [{ role: 'user', content: 'repair it' }], tools: [], toolChoice: null, n: 1, temperature: 0.2, maxOutputTokens: 64 };

let server: FakeOpenAiServer | null = null;
let directory: string | null = null;
afterEach(async () => {
  await server?.close();
  if (directory !== null) rmSync(directory, { recursive: true, force: true });
});

describe('cassettes of an adapted run (issue 20, 5)', () => {
  it('record the request as adapted and the refusals before it; a replay adapts the same way with no endpoint', async () => {
    server = await startFakeOpenAiServer({ dialect: openAiReasoningDialect() });
    directory = mkdtempSync(join(tmpdir(), 'adapted-cassette-'));
    const cassette = join(directory, 'run.jsonl');
    const config = readModelConfig(`[model]\nname = "reasoner-prod"\nbase_url = "${server.baseUrl}"\nmax_retries = 0\n`, 'v.toml', { OPENAI_API_KEY: KEY }).config!;
    server.script({ kind: 'completion', choices: [{ text: 'one' }] }, { kind: 'completion', choices: [{ text: 'two' }] });
    const live: ModelAdaptedEvent[] = [];
    const recording = createModelStack(config, { environment: { OPENAI_API_KEY: KEY }, recordTo: cassette, onModelAdapted: (event) => live.push(event) }).metered;
    const answers = [await recording.call(ask), await recording.call(ask)];
    await server.close();
    server = null;

    const lines = readFileSync(cassette, 'utf8');
    expect(lines).not.toContain(KEY);
    const entries = lines.trim().split('\n').map((line) => JSON.parse(line) as { request: ChatRequest; outcome: { kind: string; failure?: { endpointError?: unknown } } });
    expect(entries.map((entry) => [entry.outcome.kind, entry.request.temperature, entry.request.maxTokensField ?? null])).toEqual([
      ['error', 0.2, null], ['error', null, null], ['response', null, 'max_completion_tokens'], ['response', null, 'max_completion_tokens'],
    ]);
    expect(entries[0]!.outcome.failure?.endpointError).toEqual({ type: 'invalid_request_error', code: 'unsupported_value', param: 'temperature' });

    const replayed: ModelAdaptedEvent[] = [];
    const replaying = createModelStack(config, { environment: {}, replayFrom: cassette, onModelAdapted: (event) => replayed.push(event) }).metered;
    expect([await replaying.call(ask), await replaying.call(ask)]).toEqual(answers);
    expect(replayed).toEqual(live);
    expect(live.map((event) => event.parameter)).toEqual(['temperature', 'max_tokens']);
  });
});
