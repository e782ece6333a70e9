import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/doctor/run-doctor.js';
import { llamaCppDialect, openAiReasoningDialect } from '../fake-openai-dialects.js';
import { startFakeOpenAiServer, type FakeDialect, type FakeOpenAiServer } from '../fake-openai-server.js';
import { runCli } from '../fakes/run-cli.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../fakes/temporary-directory.js';

// `doctor --model` against dialects of the fake server (synthetic; see test/fake-openai-dialects.ts).
const KEY = 'sk-doctor-DISTINCTIVE-5e1f-key';
let server: FakeOpenAiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});
afterAll(removeTemporaryDirectories);

async function repository(dialect: FakeDialect | undefined, name: string, modelLines: string[]): Promise<string> {
  server = await startFakeOpenAiServer({ models: [name], ...(dialect === undefined ? {} : { dialect }) });
  const repo = createTemporaryDirectory('doctor-model');
  mkdirSync(path.join(repo, '.git'));
  writeFileSync(path.join(repo, 'verus-repair.toml'), ['[model]', `name = "${name}"`, `base_url = "${server.baseUrl}"`, 'max_retries = 0', ...modelLines, ''].join('\n'));
  return repo;
}

const byName = (checks: Array<{ name: string; status: string; detail: string; fix: string | null }>, name: string) => checks.filter((check) => check.name === name);

describe('doctor --model', () => {
  it('sends one tiny request, and reports what a reasoning model refused and what a run adapts, with the config line that avoids it', async () => {
    const repo = await repository(openAiReasoningDialect(), 'reasoner-prod', []);
    server!.script({ kind: 'completion', choices: [{ text: 'ok' }, { text: 'ok' }], usage: { prompt_tokens: 30, completion_tokens: 2 } });
    const report = await runDoctor(repo, { model: true, environment: { OPENAI_API_KEY: KEY, PATH: process.env['PATH'] } });
    const posts = server!.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(3);
    expect(posts[0]!.body).toMatchObject({ max_tokens: 16, temperature: 0.2, n: 2, tool_choice: 'auto' });
    expect(byName(report.checks, 'model temperature')).toEqual([expect.objectContaining({ status: 'warn', detail: 'refused 0.2' })]);
    expect(byName(report.checks, 'model adaptation').map((check) => [check.detail.split(':')[0], check.fix])).toEqual([
      ['temperature', 'set temperature = "default" in [model]'],
      ['max_tokens', 'nothing to set: the field is adapted on the first call of each run'],
    ]);
    expect(byName(report.checks, 'model request')[0]).toMatchObject({ status: 'ok' });
    expect(report.ready).toBe(true);
    expect(report.checks.map((check) => check.name)).not.toContain('rust toolchain');
    expect(JSON.stringify(report)).not.toContain(KEY);
  });

  it('finds that llama.cpp refuses n > 1 and tool_choice naming the function, each adapted once', async () => {
    const repo = await repository(llamaCppDialect, 'local', ['samples = 3', 'sampling = "n"', 'tool_choice = "function"']);
    server!.script({ kind: 'completion', choices: [{ text: 'ok' }], usage: { prompt_tokens: 30, completion_tokens: 2 } });
    const report = await runDoctor(repo, { model: true, environment: { PATH: process.env['PATH'] } });
    expect(server!.requests.filter((request) => request.method === 'POST').map((request) => [request.body['n'] ?? 1, request.body['tool_choice']])).toEqual([
      [2, { type: 'function', function: { name: 'submit_candidate' } }], [1, { type: 'function', function: { name: 'submit_candidate' } }], [1, 'required'],
    ]);
    expect(byName(report.checks, 'model n')[0]).toMatchObject({ status: 'warn', detail: 'refused n = 2' });
    expect(byName(report.checks, 'model tool_choice')[0]).toMatchObject({ status: 'warn' });
    expect(byName(report.checks, 'model adaptation').map((check) => check.fix)).toEqual(['set sampling = "parallel" in [model]', 'set tool_choice = "required" (or "auto") in [model]']);
  });

  it('says an endpoint that accepts everything needs no adaptation, and whether it reports cached tokens; the CLI never prints the key', async () => {
    const repo = await repository(undefined, 'gpt-4o', []);
    server!.script({ kind: 'completion', choices: [{ text: 'ok' }, { text: 'ok' }], usage: { prompt_tokens: 30, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 0 } } });
    const result = await runCli(['doctor', '--model'], { PATH: process.env['PATH'], HOME: process.env['HOME'], OPENAI_API_KEY: KEY }, repo);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/✓ model n +n = 2 honoured/);
    expect(result.stdout).toMatch(/✓ model caching +reports cached prompt tokens/);
    expect(result.stdout).toMatch(/✓ model adaptations +none: a run sends its requests as configured/);
    expect(result.stdout + result.stderr).not.toContain(KEY);
    expect(server!.requests.filter((request) => request.method === 'POST')[0]!.headers['authorization']).toBe(`Bearer ${KEY}`);
  });
});
