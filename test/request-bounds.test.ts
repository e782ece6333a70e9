import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server.js';
import { runCliInProcess } from './run-cli-in-process.js';

// Issue 27, item 3: every count that multiplies what a paid endpoint is asked for has a bound, said
// in the refusal (exit 2), and a refused run sends nothing (the fake server records every request).
const ROOT = path.resolve(import.meta.dirname, '..');
let server: FakeOpenAiServer;

beforeAll(async () => {
  server = await startFakeOpenAiServer();
});

afterAll(async () => {
  await server.close();
  removeTemporaryDirectories();
});

/** A committed crate whose baseline fails (fake cargo-verus), so a run that is not refused asks the model at once. */
function failingCrate(modelExtra = ''): string {
  const crateDir = createTemporaryCrate({
    'verus-repair.toml': `[model]\nname = "bounds-model"\nbase_url = "${server.baseUrl}"\n${modelExtra}\n[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n`,
  });
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: crateDir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', 'add', '.');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', 'commit', '-q', '-m', 'crate');
  return crateDir;
}

describe('repair: counts sent to the model are bounded', () => {
  it('--samples 100000 is refused with the bound and sends no request (it sent n = 100000 before)', async () => {
    const crateDir = failingCrate();
    const run = await runCli(['repair', crateDir, '--iterations', '1', '--samples', '100000', '--feedback', 'none'], createFakeSetup('run-local-crate-failed').environment);
    expect(server.requests.map((request) => request.body['n'])).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain('--samples expects a positive integer up to 16');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('--iterations and --tactic-budget past their bounds, and [model] max_output_tokens and samples in verus-repair.toml', async () => {
    const crateDir = failingCrate();
    const iterations = await runCliInProcess('repair', crateDir, '--iterations', '100000');
    expect(iterations.exitCode).toBe(2);
    expect(iterations.stderr).toContain('--iterations expects a positive integer up to 100');
    const tactics = await runCliInProcess('repair', crateDir, '--feedback', 'guided', '--tactic-budget', '100000000');
    expect(tactics.exitCode).toBe(2);
    expect(tactics.stderr).toContain('--tactic-budget expects a positive integer up to 32000');
    const configured = failingCrate('max_output_tokens = 100000000\nsamples = 1000\n');
    const config = await runCliInProcess('repair', configured, '--iterations', '1');
    expect(config.exitCode).toBe(2);
    expect(config.stderr).toContain('model.max_output_tokens');
    expect(config.stderr).toContain('131072');
    expect(config.stderr).toContain('model.samples');
    expect(config.stderr).toContain('16');
    expect(server.requests).toEqual([]);
  }, 120_000);
});

describe('bench and review: the same bounds', () => {
  it('bench --samples, --iterations and --repetitions past their bounds are refused before anything is created', async () => {
    const out = path.join(createTemporaryDirectory('bounds-bench'), 'out');
    for (const [flag, value, bound] of [['--samples', '100000', '16'], ['--iterations', '1000', '100'], ['--repetitions', '1000', '100']] as const) {
      const run = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--model', 'm', '--out', out, flag, value);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toContain(`${flag}: expected an integer >= 1 and <= ${bound}`);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('review --reprove-iterations past the bound is refused', async () => {
    const run = await runCliInProcess('review', failingCrate(), '--reprove', '--reprove-iterations', '1000');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('--reprove-iterations: expected an integer >= 1 and <= 100');
    expect(server.requests).toEqual([]);
  });
});
