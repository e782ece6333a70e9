import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.js';
import { STALLED_LISTENER_AVAILABLE, startStalledListener } from '../../test/fakes/start-stalled-listener.js';
import type { ChatRequest } from '../core/language-model.js';
import { ModelRequestError } from './model/model-request-error.js';
import type { RetryClock } from './model/retry-with-backoff.js';
import { OpenAiLanguageModel, type OpenAiLanguageModelOptions } from './openai-language-model.js';
import { SYSTEM_CLOCK } from './model/retry-with-backoff.js';

const FAKE_KEY = 'sk-test-DISTINCTIVE-0xC0FFEE-key';

function recordingClock(): RetryClock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (milliseconds) => void sleeps.push(milliseconds), random: () => 0.5 };
}

const request: ChatRequest = {
  messages: [{ role: 'system', content: 'You repair proofs.' }, { role: 'user', content: 'Fix lemma_sum.' }],
  tools: [{ name: 'submit_candidate', description: 'Submit.', parameters: { type: 'object', properties: {} } }],
  toolChoice: { name: 'submit_candidate' },
  n: 2,
  temperature: 0.2,
  maxOutputTokens: 512,
};

describe('OpenAiLanguageModel against a local fake server', () => {
  let server: FakeOpenAiServer;
  let clock: ReturnType<typeof recordingClock>;
  const model = (timeoutMs = 5_000, maxRetries = 3, extra: Partial<OpenAiLanguageModelOptions> = {}) =>
    new OpenAiLanguageModel({
      modelName: 'fake-model',
      baseUrl: server.baseUrl,
      apiKey: FAKE_KEY,
      requestTimeoutMs: timeoutMs,
      connectTimeoutMs: 5_000,
      callDeadlineMs: 60_000,
      maxRetryAfterMs: 60_000,
      retryPolicy: { maxRetries, baseDelayMs: 100, maxDelayMs: 1_000 },
      maxResponseBytes: 64 * 1024,
      clock,
      maxTokensField: 'max_tokens',
      ...extra,
    });

  beforeEach(async () => {
    server = await startFakeOpenAiServer();
    clock = recordingClock();
  });
  afterEach(async () => server.close());

  it('refuses a request for more choices or output tokens than the bounds allow, sending nothing (issue 27, item 3)', async () => {
    await expect(model().complete({ ...request, n: 100_000 })).rejects.toThrow('n = 100000 choices; samples must be an integer from 1 to 16');
    await expect(model().complete({ ...request, maxOutputTokens: 10_000_000 })).rejects.toThrow('model.max_output_tokens must be an integer from 1 to 131072');
    expect(server.requests).toEqual([]);
  });

  it('sends messages, tools, tool_choice, n, temperature and max tokens, and reads tool calls and usage', async () => {
    process.env['OPENAI_ORG_ID'] = 'org-should-not-be-sent';
    server.script({ kind: 'completion', choices: [{ toolCalls: [{ name: 'submit_candidate', arguments: '{"a":1}' }] }, { text: 'hello' }], usage: { prompt_tokens: 11, completion_tokens: 7 } });
    const response = await model().complete(request);
    delete process.env['OPENAI_ORG_ID'];
    const body = server.requests[0]!.body;
    expect(body).toMatchObject({ model: 'fake-model', n: 2, temperature: 0.2, max_tokens: 512, tool_choice: { type: 'function', function: { name: 'submit_candidate' } } });
    expect(body['messages']).toEqual([{ role: 'system', content: 'You repair proofs.' }, { role: 'user', content: 'Fix lemma_sum.' }]);
    expect(server.requests[0]!.headers['authorization']).toBe(`Bearer ${FAKE_KEY}`);
    expect(server.requests[0]!.headers['openai-organization']).toBeUndefined();
    expect(response.choices).toHaveLength(2);
    expect(response.choices[0]!.toolCalls).toEqual([{ id: 'call_0_0', name: 'submit_candidate', arguments: '{"a":1}' }]);
    expect(response.choices[1]!.text).toBe('hello');
    expect(response.usage).toEqual({ promptTokens: 11, completionTokens: 7, estimated: false });
  });

  it('retries a 429 and then succeeds, honouring retry-after as a lower bound', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '0.7' } }, { kind: 'completion', choices: [{ text: 'ok' }] });
    const response = await model().complete(request);
    expect(response.choices[0]!.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([700]);
  });

  it('honours a retry-after up to the cap even beyond the backoff ceiling', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '45' } }, { kind: 'completion', choices: [{ text: 'ok' }] });
    await model().complete(request);
    expect(clock.sleeps).toEqual([45_000]);
  });

  it('fails fast when retry-after is beyond the cap, saying so, without waiting', async () => {
    server.script({ kind: 'status', status: 429, headers: { 'retry-after': '120' } }, { kind: 'completion', choices: [{ text: 'never' }] });
    const error = (await model(5_000, 3, { maxRetryAfterMs: 30_000 }).complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error).toBeInstanceOf(ModelRequestError);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('HTTP 429');
    expect(error.message).toContain('the endpoint asked to retry after 120 s, more than the cap of 30 s (model.max_retry_after_seconds)');
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('fails fast when retry-after would pass the call deadline', async () => {
    server.script({ kind: 'status', status: 503, headers: { 'retry-after': '20' } });
    const error = (await model(5_000, 3, { callDeadlineMs: 10_000 }).complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error.message).toMatch(/the endpoint asked to retry after 20 s, more than the \d+(\.\d)? s left before the call deadline of 10 s \(model\.call_deadline_seconds\)/);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up on a hanging endpoint at the call deadline across retries, not after every attempt', async () => {
    server.script({ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    const error = (await model(400, 4, { callDeadlineMs: 700, clock: SYSTEM_CLOCK, retryPolicy: { maxRetries: 4, baseDelayMs: 10, maxDelayMs: 20 } })
      .complete(request)
      .catch((caught: unknown) => caught)) as ModelRequestError;
    const elapsed = Date.now() - started;
    expect(error.failure.kind).toBe('timeout');
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/no answer within the call deadline of 0\.7 s \(model\.call_deadline_seconds\) after 2 attempts/);
    expect(elapsed).toBeGreaterThanOrEqual(650);
    expect(elapsed).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(2);
  }, 5_000);

  const connectTitle = 'times out a connect that never completes after the connect timeout, separately from the read timeout';
  it.skipIf(!STALLED_LISTENER_AVAILABLE)(STALLED_LISTENER_AVAILABLE ? connectTitle : `${connectTitle} [skipped: python3 is missing, and nothing else here can hold a loopback connect open]`, async () => {
    const listener = await startStalledListener();
    if (listener === null) throw new Error('python3 vanished during the test run');
    try {
      const started = Date.now();
      const error = (await model(10_000, 0, { baseUrl: `http://127.0.0.1:${listener.port}/v1`, connectTimeoutMs: 300 })
        .complete(request)
        .catch((caught: unknown) => caught)) as ModelRequestError;
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error.failure.kind).toBe('timeout');
      expect(error.isRetryable).toBe(true);
      expect(error.message).toContain('could not connect within 0.3 s (model.connect_timeout_seconds)');
    } finally {
      listener.close();
    }
  }, 8_000);

  it.each([408, 409, 500, 503])('retries HTTP %i until the retries run out', async (status) => {
    server.script(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status })));
    const error = await model().complete(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelRequestError);
    expect((error as ModelRequestError).isRetryable).toBe(true);
    expect((error as ModelRequestError).failure.status).toBe(status);
    expect(server.requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([50, 100, 200]);
  });

  it.each([400, 401, 403, 404, 422])('does not retry HTTP %i', async (status) => {
    server.script({ kind: 'status', status }, { kind: 'completion', choices: [{ text: 'never' }] });
    const error = (await model().complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error.isRetryable).toBe(false);
    expect(error.name).toBe('AdapterError');
    expect(server.requests).toHaveLength(1);
  });

  it('times out a hanging request and retries it as a transient failure', async () => {
    server.script({ kind: 'hang' }, { kind: 'hang' });
    const error = (await model(150, 1).complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error.failure.kind).toBe('timeout');
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a response larger than the size limit without retrying', async () => {
    server.script({ kind: 'huge', bytes: 200_000 });
    const error = (await model().complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error.failure.kind).toBe('response-too-large');
    expect(server.requests).toHaveLength(1);
  });

  it('estimates usage with o200k_base when the endpoint reports none', async () => {
    server.script({ kind: 'completion', choices: [{ text: 'a short answer' }], usage: null });
    const response = await model().complete({ ...request, n: 1 });
    expect(response.usage.estimated).toBe(true);
    expect(response.usage.promptTokens).toBeGreaterThan(8);
    expect(response.usage.completionTokens).toBe(3);
  });

  it('rejects JSON that is not a chat completion', async () => {
    server.script({ kind: 'raw', status: 200, text: '{"choices":"nope"}' });
    const error = (await model().complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error.failure.kind).toBe('malformed-response');
  });

  it('reports an empty choices array as its own retryable failure, not as an answer', async () => {
    server.script({ kind: 'completion', choices: [] }, { kind: 'completion', choices: [] });
    const error = (await model(5_000, 1).complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error).toBeInstanceOf(ModelRequestError);
    expect(error.failure.kind).toBe('no-choices');
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('the model endpoint returned no choices');
    expect(server.requests).toHaveLength(2);
    server.script({ kind: 'completion', choices: [] }, { kind: 'completion', choices: [{ text: 'second try' }] });
    expect((await model(5_000, 1).complete(request)).choices[0]!.text).toBe('second try');
  });

  it('never puts the key in an error message, even when the server echoes it', async () => {
    server.script((received) => ({ kind: 'status', status: 401, body: { error: { message: `bad key ${String(received.headers['authorization'])}` } } }));
    const error = (await model().complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error.message).toContain('HTTP 401');
    expect(error.message).not.toContain(FAKE_KEY);
    expect(JSON.stringify(error.failure)).not.toContain(FAKE_KEY);
  });

  it('sends only what the request sets: no temperature when null, no n for one choice, reasoning_effort, the request\'s max-tokens field, extra headers and query', async () => {
    server.script({ kind: 'completion', choices: [{ text: 'ok' }], usage: { prompt_tokens: 2048, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 1920 } } });
    const sent: ChatRequest = { ...request, n: 1, temperature: null, reasoningEffort: 'low', maxTokensField: 'max_completion_tokens' };
    const response = await model(5_000, 0, { extraHeaders: { 'X-Title': 'verus-repair' }, extraQuery: { tenant: 'a' } }).complete(sent);
    const received = server.requests[0]!;
    expect(received.body).not.toHaveProperty('temperature');
    expect(received.body).not.toHaveProperty('n');
    expect(received.body).not.toHaveProperty('max_tokens');
    expect(received.body).toMatchObject({ reasoning_effort: 'low', max_completion_tokens: 512 });
    expect(received.headers['x-title']).toBe('verus-repair');
    expect(received.query).toEqual({ tenant: 'a' });
    expect(response.usage).toEqual({ promptTokens: 2048, completionTokens: 10, cachedPromptTokens: 1920, estimated: false });
  });

  it('keeps the endpoint\'s error object (type, code, param) of a refused request, so the parameter it names is known', async () => {
    const body = { error: { message: "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.", type: 'invalid_request_error', param: 'temperature', code: 'unsupported_value' } };
    server.script({ kind: 'status', status: 400, body });
    const error = (await model(5_000, 0).complete(request).catch((caught: unknown) => caught)) as ModelRequestError;
    expect(error.failure).toMatchObject({ kind: 'http-status', status: 400, isRetryable: false, endpointError: { type: 'invalid_request_error', code: 'unsupported_value', param: 'temperature' } });
    expect(error.failure.message).toContain("'temperature' does not support 0.2");
  });
});
