import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { runCliInProcess } from './run-cli-in-process.js';

afterAll(removeTemporaryDirectories);

const MODEL_SECTION = '[model]\nname = "fake-model"\nbase_url = "http://127.0.0.1:9/v1"\n';
const VERIFIER_SECTION = '[verifier]\nrunner = "local"\nverus_path = "/nonexistent/verus"\ncargo_verus_path = "/nonexistent/cargo-verus"\n';

/** A committed git repository holding one crate (runner-demo) and a verus-repair.toml. */
function createGitCrate(config = `${MODEL_SECTION}\n${VERIFIER_SECTION}`): string {
  const crateDir = createTemporaryCrate({ 'verus-repair.toml': config });
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: crateDir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', 'add', '.');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', 'commit', '-q', '-m', 'crate');
  return crateDir;
}

/** Every ref and worktree of the repository: a refused run must add none. */
function gitState(crateDir: string): { refs: string; worktrees: string; ledgerWorktrees: boolean } {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: crateDir, encoding: 'utf8' });
  return { refs: git('for-each-ref'), worktrees: git('worktree', 'list', '--porcelain'), ledgerWorktrees: existsSync(path.join(crateDir, '.verus-repair', 'worktrees')) };
}

/** Runs `repair` expecting a refusal: exit 2, one message without a stack trace, nothing created in git. */
async function expectRefusal(crateDir: string, args: string[], message: string | RegExp): Promise<string> {
  const before = gitState(crateDir);
  const run = await runCliInProcess('repair', crateDir, '--iterations', '1', ...args);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).not.toContain('internal error');
  expect(run.stderr).toMatch(message);
  expect(run.exitCode).toBe(2);
  expect(gitState(crateDir)).toEqual(before);
  return run.stderr;
}

describe('verus-repair repair: bad input', () => {
  it('rejects malformed options with exit 2 and an example', async () => {
    const feedback = await runCliInProcess('repair', '.', '--feedback', 'loud');
    expect(feedback.exitCode).toBe(2);
    expect(feedback.stderr).toContain('--feedback expects one of none, generic, auto, guided, auto+guided, counterexample, auto+counterexample, guided+counterexample; got "loud"');
    const samples = await runCliInProcess('repair', '.', '--samples', '0');
    expect(samples.exitCode).toBe(2);
    expect(samples.stderr).toContain('--samples expects a positive integer');
  });

  it('refuses a directory that is not in a git repository, with a one-line reason', async () => {
    const run = await runCliInProcess('repair', '/', '--iterations', '1');
    expect(run.exitCode).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('is not inside a git repository');
  });

  it('refuses a crate directory that does not exist with exit 2, no stack trace', async () => {
    for (const args of [['/nonexistent/crate'], ['/nonexistent/crate', '--resume', 'some-run']]) {
      const run = await runCliInProcess('repair', ...args);
      expect(run.exitCode).toBe(2);
      expect(run.stderr.trim()).toBe('verus-repair: the crate directory /nonexistent/crate does not exist');
    }
    const file = path.join(createGitCrate(), 'Cargo.toml');
    expect((await runCliInProcess('repair', file)).stderr).toContain(`${file} is not a directory`);
  });

  it('refuses --docker with --local, as verify does', async () => {
    await expectRefusal(createGitCrate(), ['--docker', '--local'], 'choose one runner: --docker, --local or --queue');
  });

  it('refuses a directory as --record and a missing --replay cassette before creating anything', async () => {
    const crateDir = createGitCrate();
    const directory = createTemporaryDirectory('cassettes');
    await expectRefusal(crateDir, ['--record', directory], `--record ${directory}: not a regular file (a directory)`);
    await expectRefusal(crateDir, ['--replay', path.join(directory, 'missing.jsonl')], /--replay .*missing\.jsonl: no such file/);
  });

  it('lists every section\'s configuration errors at once, including a misspelled table', async () => {
    const crateDir = createGitCrate('[model]\nname = "fake-model"\nbase_url = "http://127.0.0.1:9/v1"\ntemperature = 9\n\n[verifier]\nrlimit = -1\n\n[verifer]\nrunner = "local"\n');
    const stderr = await expectRefusal(crateDir, [], 'verifier.rlimit: expected a value > 0');
    expect(stderr).toContain('model.temperature: expected a value <= 2');
    expect(stderr).toContain('[verifer]: unknown table (did you mean [verifier]?). Known tables: [model], [verifier], [queue]');
  });

  it('says what is wrong with --file (outside the crate, not found, a directory, not Verus) and creates nothing', async () => {
    const crateDir = createGitCrate();
    writeFileSync(path.join(path.dirname(crateDir), 'outside.rs'), 'verus! {}\n');
    await expectRefusal(crateDir, ['--file', '../outside.rs'], '--file ../outside.rs: outside the crate');
    await expectRefusal(crateDir, ['--file', 'src/missing.rs'], `--file src/missing.rs: no such file in ${crateDir}`);
    mkdirSync(path.join(crateDir, 'src', 'module'));
    await expectRefusal(crateDir, ['--file', 'src/module'], '--file src/module: is a directory, expected a .rs file');
    await expectRefusal(crateDir, ['--file', '.'], '--file .: is a directory, expected a .rs file');
    writeFileSync(path.join(crateDir, 'src', '..hidden.rs'), 'not rust {');
    await expectRefusal(crateDir, ['--file', 'src/..hidden.rs'], /src\/\.\.hidden\.rs:\d+:\d+: /);
    writeFileSync(path.join(crateDir, 'src', 'broken.rs'), 'verus! {\nfn f( {\n}\n');
    await expectRefusal(crateDir, ['--file', 'src/broken.rs'], /src\/broken\.rs:\d+:\d+: /);
    await expectRefusal(crateDir, ['--fn', 'no_such_function'], /no_such_function/);
    await expectRefusal(crateDir, ['--fn', 'add_on'], /defines fn add_on; did you mean add_one\?/);
    await expectRefusal(crateDir, ['--file', 'src/lib.rs', '--fn', 'no_such_function'], /no_such_function/);
  });

  it('with --json, ends the event stream with a run-finished event carrying the error, then exits with the usual code', async () => {
    const crateDir = createGitCrate();
    const missing = await runCliInProcess('repair', crateDir, '--json', '--file', 'src/missing.rs');
    expect(missing.exitCode).toBe(2);
    expect(JSON.parse(missing.stdout.trim().split('\n').at(-1) ?? '')).toEqual({
      type: 'run-finished', runId: null, outcome: 'error', exitCode: 2, error: { kind: 'ConfigurationError', message: `--file src/missing.rs: no such file in ${crateDir}` },
    });
    expect(missing.stderr).toContain('--file src/missing.rs: no such file');
    const option = await runCliInProcess('repair', crateDir, '--json', '--samples', '0');
    expect(option.exitCode).toBe(2);
    expect(JSON.parse(option.stdout)).toMatchObject({ type: 'run-finished', outcome: 'error', error: { kind: 'ConfigurationError', message: expect.stringContaining('--samples expects a positive integer') } });
  });

  it('refuses --max-cost when the config has no price for the model, naming the key to set', async () => {
    await expectRefusal(createGitCrate(), ['--max-cost', '0.5'], '--max-cost needs a price for "fake-model": set [model.prices."fake-model"] input_per_million and output_per_million in');
  });
});
