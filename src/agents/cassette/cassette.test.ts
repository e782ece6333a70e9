import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server.js';
import type { ChatRequest } from '../../core/language-model.js';
import { MeteredModel } from '../model/metered-model.js';
import { ModelBudget } from '../model/model-budget.js';
import { ModelRequestError } from '../model/model-request-error.js';
import { sampleChoices } from '../model/sample-choices.js';
import { OpenAiLanguageModel } from '../openai-language-model.js';
import { CassetteMissError } from './cassette-miss-error.js';
import { CassetteWriter } from './cassette-writer.js';
import { openReplay } from './open-replay.js';
import { readCassette } from './read-cassette.js';
import { RecordingLanguageModel } from './recording-language-model.js';

const FAKE_KEY = 'sk-cassette-DISTINCTIVE-7f3a9b-key';
const ask = (content: string): ChatRequest => ({ messages: [{ role: 'user', content }], tools: [], toolChoice: null, n: 1, temperature: 0.2, maxOutputTokens: 64 });

describe('cassettes', () => {
  let server: FakeOpenAiServer;
  let directory: string;
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
    directory = mkdtempSync(join(tmpdir(), 'cassette-'));
  });
  afterEach(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const recorder = (path: string) =>
    new RecordingLanguageModel(
      new OpenAiLanguageModel({ modelName: 'fake-model', baseUrl: server.baseUrl, apiKey: FAKE_KEY, requestTimeoutMs: 5_000, connectTimeoutMs: 5_000, callDeadlineMs: 30_000, maxRetryAfterMs: 60_000, retryPolicy: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 }, maxResponseBytes: 1 << 20 }),
      new CassetteWriter(path, [FAKE_KEY]),
    );

  it('replays recorded answers by digest with the server stopped, repeated requests in recorded order, failures included', async () => {
    const path = join(directory, 'run.jsonl');
    server.script(
      { kind: 'completion', choices: [{ text: 'first' }], usage: { prompt_tokens: 3, completion_tokens: 1 } },
      { kind: 'completion', choices: [{ text: 'second' }], usage: null },
      { kind: 'completion', choices: [{ toolCalls: [{ name: 'submit_candidate', arguments: '{}' }] }] },
      { kind: 'status', status: 400 },
    );
    const model = recorder(path);
    const live = [await model.complete(ask('same')), await model.complete(ask('same')), await model.complete(ask('other'))];
    const liveError = (await model.complete(ask('bad')).catch((error: unknown) => error)) as ModelRequestError;
    await server.close();

    const { model: replay } = openReplay(path);
    expect(replay.modelName).toBe('fake-model');
    const replayed = [await replay.complete(ask('same')), await replay.complete(ask('same')), await replay.complete(ask('other'))];
    expect(replayed).toEqual(live);
    expect(replayed.map((response) => response.choices[0]!.text)).toEqual(['first', 'second', null]);
    const replayedError = (await replay.complete(ask('bad')).catch((error: unknown) => error)) as ModelRequestError;
    expect(replayedError).toBeInstanceOf(ModelRequestError);
    expect(replayedError.failure).toEqual(liveError.failure);
    expect(replay.unusedEntries()).toBe(0);
  });

  it('replays parallel samples of one request in the order the calls started, not the order they finished', async () => {
    const path = join(directory, 'parallel.jsonl');
    server.script({ kind: 'completion', choices: [{ text: 'slow' }], delayMs: 300 }, { kind: 'completion', choices: [{ text: 'fast' }] });
    const budget = () => new ModelBudget({ maxCalls: 10, maxTokens: 100_000, maxCostUsd: null });
    const options = { samples: 2, sampling: 'parallel' as const, parallelRequests: 2 };
    const live = await sampleChoices(new MeteredModel(recorder(path), budget(), {}), ask('same'), options);
    await server.close();
    const replayed = await sampleChoices(new MeteredModel(openReplay(path).model, budget(), {}), ask('same'), options);
    expect(live.status === 'sampled' && live.choices.map((choice) => choice.text).sort()).toEqual(['fast', 'slow']);
    expect(replayed).toEqual(live);
  });

  it('fails loudly on an unknown request, naming its digest and the nearest recorded request', async () => {
    const path = join(directory, 'miss.jsonl');
    server.script({ kind: 'completion', choices: [{ text: 'a' }] }, { kind: 'completion', choices: [{ text: 'b' }] });
    await recorder(path).complete(ask('repair binary_search'));
    await recorder(path).complete(ask('something else entirely'));
    const { model: replay } = openReplay(path);
    const error = (await replay.complete(ask('repair binary_searcH')).catch((caught: unknown) => caught)) as CassetteMissError;
    expect(error).toBeInstanceOf(CassetteMissError);
    expect(error.reason).toBe('cassette-miss');
    expect(error.message).toMatch(/no recorded answer for request sha256:[0-9a-f]{64}/);
    expect(error.nearest).toMatchObject({ line: 1, firstDifference: 'messages[0].content' });
    await replay.complete(ask('repair binary_search'));
    const again = (await replay.complete(ask('repair binary_search')).catch((caught: unknown) => caught)) as CassetteMissError;
    expect(again.message).toContain('asked for more often than recorded');
  });

  it('never writes the API key, auth headers or organization ids into the cassette', async () => {
    const path = join(directory, 'secret.jsonl');
    server.script({ kind: 'completion', choices: [{ text: 'ok' }] }, (request) => ({ kind: 'status', status: 401, body: { error: { message: `invalid ${String(request.headers['authorization'])}` } } }));
    const model = recorder(path);
    await model.complete(ask('hello'));
    const error = (await model.complete(ask('again')).catch((caught: unknown) => caught)) as Error;
    expect(server.requests[0]!.headers['authorization']).toBe(`Bearer ${FAKE_KEY}`);
    const cassette = readFileSync(path, 'utf8');
    expect(cassette.split('\n').filter(Boolean)).toHaveLength(2);
    expect(cassette).not.toContain(FAKE_KEY);
    expect(cassette).not.toMatch(/"(authorization|api-key|organization|headers)"/i);
    expect(cassette).toContain('Bearer [REDACTED]');
    expect(error.message).not.toContain(FAKE_KEY);
  });

  it('rejects malformed and tampered lines with the line number, and ignores an incomplete last line', async () => {
    const path = join(directory, 'bad.jsonl');
    server.script({ kind: 'completion', choices: [{ text: 'a' }] });
    await recorder(path).complete(ask('x'));
    appendFileSync(path, '{"format":"verus-repair-cassette/1","seq');
    const loaded = readCassette(path);
    expect(loaded.entries).toHaveLength(1);
    expect(loaded.warnings[0]).toContain(':2: incomplete last line ignored');

    const line = readFileSync(path, 'utf8').split('\n')[0]!;
    writeFileSync(path, `${line}\nnot json\n`);
    expect(() => readCassette(path)).toThrow(/bad\.jsonl:2:1: not a JSON line/);
    writeFileSync(path, `${line.replace('"content":"x"', '"content":"y"')}\n`);
    expect(() => readCassette(path)).toThrow(/bad\.jsonl:1:1: the digest does not match/);
    writeFileSync(path, Buffer.concat([Buffer.from(`${line}\n{"a":"`), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n')]));
    expect(() => readCassette(path)).toThrow(/bad\.jsonl:2:7: the cassette is not valid UTF-8/);
  });

  it('reads a cassette line by line with a bound per line, for replay and for appending', () => {
    const path = join(directory, 'long.jsonl');
    writeFileSync(path, `\n${'y'.repeat(5_000)}\n`);
    expect(() => readCassette(path, { maxLineBytes: 1_000 })).toThrow(/long\.jsonl:2:1: line 2 is longer than 1000 bytes/);
    expect(() => new CassetteWriter(path, [], { maxLineBytes: 1_000 })).toThrow(/line 2 is longer than 1000 bytes/);
    writeFileSync(path, `${'z'.repeat(3_000_000)}`);
    expect(() => readCassette(path, { maxLineBytes: 2_000_000 })).toThrow(/line 1 is longer than 2000000 bytes/);
  });

  it('continues the numbering of an existing cassette across chunk boundaries and appends without rewriting', async () => {
    const path = join(directory, 'append.jsonl');
    server.script({ kind: 'completion', choices: [{ text: 'a' }] }, { kind: 'completion', choices: [{ text: 'b' }] }, { kind: 'completion', choices: [{ text: 'c' }] });
    await recorder(path).complete(ask(`one ${'q'.repeat(1_500_000)}`));
    await recorder(path).complete(ask('two'));
    const before = readFileSync(path);
    const writer = new CassetteWriter(path);
    expect(writer.linesWritten()).toBe(2);
    expect(writer.nextSequence()).toBe(2);
    await recorder(path).complete(ask('three'));
    const after = readFileSync(path);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(readCassette(path).entries.map(({ line, entry }) => [line, entry.sequence])).toEqual([[1, 0], [2, 1], [3, 2]]);
  });
});
