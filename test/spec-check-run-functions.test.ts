import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSpec } from '../src/specification/index.js';
import { loadVerifierConfig } from '../src/verifier/config/read-verifier-config.js';

const FIXTURE = new URL('../rust-fixtures/spec-check/', import.meta.url).pathname;
const cacheDir = mkdtempSync(path.join(tmpdir(), 'spec-run-functions-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

// Real cargo and the real harness in the shared rust-fixtures target; a cache directory of this test's own, so that no earlier run's harness is reused.
describe('checkSpec runFunctions: one harness build for several functions, run one at a time (review spec tests)', () => {
  it('reports only the functions it runs, and a check of another of the same functions reuses that build', async () => {
    const config = { ...(await loadVerifierConfig(FIXTURE)).config, cacheDir };
    const functions = ['clamp_wrong', 'clamp', 'max_of'];
    const first = await checkSpec({ crateDir: FIXTURE, functions, runFunctions: ['clamp_wrong'], seed: 0, callTimeoutMs: 500, config });
    expect(first.functions.map((entry) => entry.function)).toEqual(['clamp_wrong']);
    expect(first.functions[0]?.status === 'checked' && first.functions[0].counterexamples.length > 0).toBe(true);
    expect(first.run.harnessCache).toBe('built');
    const second = await checkSpec({ crateDir: FIXTURE, functions, runFunctions: ['max_of'], seed: 0, callTimeoutMs: 500, config });
    expect(second.functions.map((entry) => entry.function)).toEqual(['max_of']);
    expect(second.run.harnessCache).toBe('reused');
    // A harness of max_of alone is another program: built, not reused.
    const alone = await checkSpec({ crateDir: FIXTURE, functions: ['max_of'], seed: 0, callTimeoutMs: 500, config });
    expect(alone.run.harnessCache).toBe('built');
    expect(alone.functions[0]?.status).toBe(second.functions[0]?.status);
  }, 600_000);
});
