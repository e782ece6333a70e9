import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../core/errors.js';
import type { ModelConfig } from '../config/model-config.js';
import { createModelStack } from '../create-model-stack.js';
import { validateCassettePath } from './validate-cassette-path.js';

const config: ModelConfig = {
  name: 'fake-model', baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: 'OPENAI_API_KEY', temperature: 0, maxOutputTokens: 16, requestTimeoutMs: 1_000, connectTimeoutMs: 1_000, callDeadlineMs: 1_000, maxRetryAfterMs: 1_000, maxRetries: 0,
  samples: 1, sampling: 'n', parallelRequests: 1, maxResponseBytes: 1 << 20, budget: { maxCalls: 1, maxTokens: 1_000, maxCostUsd: null }, prices: {},
};

/** Builds the model stack and returns what it threw; a spin or a runaway read would blow the 2 s test timeout. */
function stackError(options: { recordTo?: string; replayFrom?: string }): unknown {
  try {
    createModelStack(config, { environment: {}, ...options });
  } catch (error) {
    return error;
  }
  return null;
}

describe('validateCassettePath', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'cassette-path-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('accepts a new file in an existing directory and an existing regular file for --record', () => {
    expect(() => validateCassettePath(join(directory, 'new.jsonl'), 'record')).not.toThrow();
    writeFileSync(join(directory, 'old.jsonl'), '');
    expect(() => validateCassettePath(join(directory, 'old.jsonl'), 'record')).not.toThrow();
    expect(() => validateCassettePath(join(directory, 'old.jsonl'), 'replay')).not.toThrow();
  });

  it.each([
    ['/proc/nope/x.jsonl', 'record', /--record \/proc\/nope\/x\.jsonl: the directory \/proc\/nope does not exist/],
    ['/dev/full', 'record', /--record \/dev\/full: not a regular file \(a character device\)/],
    ['/dev/null', 'record', /--record \/dev\/null: not a regular file \(a character device\)/],
    ['/dev/null', 'replay', /--replay \/dev\/null: not a regular file \(a character device\)/],
    ['/proc/nope/x.jsonl', 'replay', /--replay \/proc\/nope\/x\.jsonl: no such file/],
  ] as const)('rejects %s for --%s with a ConfigurationError, fast, from createModelStack', (path, mode, message) => {
    const error = stackError(mode === 'record' ? { recordTo: path } : { replayFrom: path });
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(message);
  }, 2_000);

  it('rejects a directory for --record and --replay, and a file under a file', () => {
    const recorded = stackError({ recordTo: directory });
    expect(recorded).toBeInstanceOf(ConfigurationError);
    expect((recorded as Error).message).toContain(`--record ${directory}: not a regular file (a directory)`);
    expect((stackError({ replayFrom: directory }) as Error).message).toContain(`--replay ${directory}: not a regular file (a directory)`);
    writeFileSync(join(directory, 'plain'), '');
    expect((stackError({ recordTo: join(directory, 'plain', 'x.jsonl') }) as Error).message).toContain(`${join(directory, 'plain')} is not a directory`);
  }, 2_000);

  it('rejects every special path within a hard time bound (a child process, so even a spin is stopped)', () => {
    const fifo = join(directory, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const paths = ['record:/proc/nope/x.jsonl', 'record:/dev/full', 'record:/dev/null', `record:${directory}`, `record:${fifo}`, 'replay:/dev/null', 'replay:/dev/zero', `replay:${directory}`, `replay:${fifo}`];
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../../test/fakes/build-model-stack-for.ts'), ...paths], { encoding: 'utf8', timeout: 20_000 });
    expect(child.error).toBeUndefined();
    const results = child.stdout.trim().split('\n').map((line) => JSON.parse(line) as { path: string; error: string | null; message: string });
    expect(results).toHaveLength(paths.length);
    for (const result of results) {
      expect(result.error, result.path).toBe('ConfigurationError');
      expect(result.message).toContain(result.path);
    }
    expect(results.find((result) => result.path === fifo)?.message).toContain('not a regular file (a named pipe)');
  }, 30_000);

  it('does not create missing directories for --record', () => {
    const missing = join(directory, 'missing', 'x.jsonl');
    expect(stackError({ recordTo: missing })).toBeInstanceOf(ConfigurationError);
    expect(existsSync(join(directory, 'missing'))).toBe(false);
    mkdirSync(join(directory, 'missing'));
    expect(stackError({ recordTo: missing })).toBeNull();
  });
});
