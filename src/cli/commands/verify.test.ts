import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV, isProcessAlive, readMarkerProcess } from '../../../test/fakes/fake-environment.js';
import { runCli, startCli } from '../../../test/fakes/run-cli.js';
import { createTemporaryCrate } from '../../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const created: string[] = [];
afterAll(() => created.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

/** A crate whose verus-repair.toml selects a runner and lets the fakes' variables through. */
function crateWithConfig(runner: 'local' | 'docker'): string {
  const crateDir = createTemporaryCrate({
    'verus-repair.toml': `[verifier]\nrunner = "${runner}"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n`,
  });
  created.push(crateDir);
  return crateDir;
}

describe('verus-repair verify (end to end, fake verifier)', () => {
  it('prints per-function results, the pre-check and the cache status; exit 0; the second run is a cache hit', async () => {
    const crateDir = crateWithConfig('local');
    const fake = createFakeSetup('run-local-crate-verified');
    const first = await runCli(['verify', crateDir], fake.environment);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toContain('result: VERIFIED (Verus fake');
    expect(first.stdout).toContain('verified runner_demo::add_one (3 ms, rlimit 41872)');
    expect(first.stdout).toContain('pre-check: skipped (disabled)');
    expect(first.stdout).toMatch(/cache: miss \(key [0-9a-f]{12}\)/);
    const second = await runCli(['verify', crateDir], fake.environment);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toMatch(/cache: hit \(key [0-9a-f]{12}\)/);
    expect(fake.readInvocations()).toHaveLength(1);
  });

  it('--no-cache runs the verifier again; --json prints one object', async () => {
    const crateDir = crateWithConfig('local');
    const fake = createFakeSetup('run-local-crate-verified');
    await runCli(['verify', crateDir], fake.environment);
    const json = await runCli(['verify', crateDir, '--no-cache', '--json'], fake.environment);
    expect(json.exitCode).toBe(0);
    const parsed = JSON.parse(json.stdout) as { exitCode: number; verification: { status: string; functions: unknown[] }; cache: { status: string }; runner: string };
    expect(parsed).toMatchObject({ exitCode: 0, runner: 'local', verification: { status: 'verified' }, cache: { status: 'bypassed' } });
    expect(parsed.verification.functions).toHaveLength(2);
    // Each function keeps the SMT time and the rlimit use Verus reported (times-ms function breakdown).
    expect(parsed.verification.functions[0]).toMatchObject({ function: 'runner_demo::add_one', timeMs: 3.12, rlimit: 41872 });
    expect(fake.readInvocations()).toHaveLength(2);
  });

  it('groups errors by kind with file:line:col and the source line; exit 1', async () => {
    const crateDir = crateWithConfig('local');
    const result = await runCli(['verify', crateDir], createFakeSetup('run-local-crate-failed').environment);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('result: FAILED');
    expect(result.stdout).toContain('FAILED   runner_demo::add_one');
    expect(result.stdout).toMatch(/ {2}postcondition \(1\)\n {4}src\/lib\.rs:6:17: postcondition not satisfied \[in add_one, ensures\]\n {6}\s+6 \| +ensures r == x/);
  });

  it('verifies one function with --fn module::name through cargo verus focus, dropping a leading crate name', async () => {
    const crateDir = crateWithConfig('local');
    const fake = createFakeSetup('run-local-function-focus');
    const result = await runCli(['verify', crateDir, '--fn', 'runner_demo::lemmas::double', '--rlimit', '20'], fake.environment);
    expect(result.exitCode).toBe(0);
    expect(fake.readInvocations()[0]?.argv).toEqual(expect.arrayContaining(['focus', '--rlimit', '20', '--verify-only-module', 'lemmas', '--verify-function', 'double']));
  });

  it('exits 3 with the exact build command when the pinned image is missing', async () => {
    const crateDir = crateWithConfig('local');
    const result = await runCli(['verify', crateDir, '--docker'], createFakeSetup('run-docker-image-missing').environment);
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toMatch(/TOOLCHAIN ERROR \(image-missing\): the Verus image verus-repair\/verus:0\.2026\.06\.07\.cd03505-[0-9a-f]{12} does not exist/);
    expect(result.stdout).toContain('verus-repair toolchain build');
  });

  it('exits 1 on a timeout and 4 when the verifier printed garbage', async () => {
    const crateDir = crateWithConfig('local');
    const file = path.join(crateDir, 'src', 'lib.rs');
    const timedOut = await runCli(['verify', file, '--timeout', '0.5'], createFakeSetup('run-timeout-tree').environment);
    expect(timedOut.exitCode).toBe(1);
    expect(timedOut.stdout).toContain('result: TIMEOUT after 0.5 s');
    const garbage = await runCli(['verify', file], createFakeSetup('run-garbage-exit-zero').environment);
    expect(garbage.exitCode).toBe(4);
    expect(garbage.stdout).toContain('CRASHED (exit 0, garbage-output)');
  });

  it('on Ctrl-C stops the verifier process tree and exits 130', async () => {
    const crateDir = crateWithConfig('local');
    const fake = createFakeSetup('run-timeout-tree');
    const child = startCli(['verify', path.join(crateDir, 'src', 'lib.rs'), '--timeout', '60'], fake.environment);
    const pidFile = `${fake.markerFile}.pid`;
    for (let attempt = 0; attempt < 200 && !existsSync(pidFile); attempt += 1) await sleep(100);
    const grandchild = readMarkerProcess(pidFile);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(String(result.stderr)).toContain('interrupted; the verifier process tree was stopped');
    await sleep(1800);
    expect(existsSync(fake.markerFile)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it('rejects bad input with exit 2 and a one-line message naming it', async () => {
    const fake = createFakeSetup('run-never-called');
    const missing = await runCli(['verify', '/nonexistent/crate'], fake.environment);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('/nonexistent/crate: no such file or directory');
    const crateDir = crateWithConfig('local');
    const badRlimit = await runCli(['verify', crateDir, '--rlimit', 'lots'], fake.environment);
    expect(badRlimit.exitCode).toBe(2);
    expect(badRlimit.stderr).toContain('--rlimit: expected a positive number, received "lots". Example: --rlimit 30');
    writeFileSync(path.join(crateDir, 'verus-repair.toml'), '[verifier]\nrunner = "vm"\n');
    const badConfig = await runCli(['verify', crateDir], fake.environment);
    expect(badConfig.exitCode).toBe(2);
    expect(badConfig.stderr).toContain('verifier.runner: expected one of "docker", "local", "queue", received "vm"');
    expect(fake.readInvocations()).toEqual([]);
  });
});
