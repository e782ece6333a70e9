import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV, SCENARIO_ROOT } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

/** Synthetic; see test/fixtures/scope/README.md. */
const LIB = readFileSync(new URL('./fixtures/scope/nested-modules.rs', import.meta.url), 'utf8');

/** Answers only `focus --verify-only-module outer::inner --verify-function Stack::pop` (a recorded synthetic focus output). */
function setup() {
  const scenario = createTemporaryDirectory('fn-scenario');
  for (const name of ['stdout.txt', 'stderr.txt']) copyFileSync(path.join(SCENARIO_ROOT, 'run-local-function-focus', name), path.join(scenario, name));
  copyFileSync(path.join(SCENARIO_ROOT, 'run-file-verified', 'stdout.txt'), path.join(scenario, 'file-stdout.txt'));
  writeFileSync(path.join(scenario, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    invocations: [
      { tool: 'verus', argv: ['lib.rs', '--crate-type=lib', '--error-format=json', '--output-json', '--time', '--rlimit', '10', '--verify-only-module', 'outer::inner', '--verify-function', 'Stack::pop'], stdout: 'file-stdout.txt', exitCode: 0 },
      { tool: 'cargo-verus', argv: ['verus', 'focus', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '10', '--log-dir', '/^\\.verus-log\\/verus-repair-[0-9a-f]{16}$/', '--verify-only-module', 'outer::inner', '--verify-function', 'Stack::pop'], stdout: 'stdout.txt', stderr: 'stderr.txt', exitCode: 0 },
    ],
  }));
  const fake = createFakeSetup('unused');
  fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = scenario;
  const crateDir = createTemporaryCrate({ 'src/lib.rs': LIB, 'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n` });
  return { fake, crateDir };
}

describe('verus-repair verify --fn selects methods as Verus names them', () => {
  it('verifies Stack::pop in a nested module with --verify-only-module outer::inner --verify-function Stack::pop (never module Stack)', async () => {
    const { fake, crateDir } = setup();
    for (const name of ['Stack::pop', 'crate::outer::inner::Stack::pop', 'runner_demo::outer::inner::Stack::pop']) {
      const result = await runCli(['verify', crateDir, '--fn', name, '--no-cache'], fake.environment);
      expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    }
    expect(fake.readInvocations()).toHaveLength(3);
    const file = await runCli(['verify', path.join(crateDir, 'src', 'lib.rs'), '--fn', 'Stack::pop', '--no-cache'], fake.environment);
    expect(file.exitCode, file.stdout + file.stderr).toBe(0);
    expect(fake.readInvocations()[3]?.tool).toBe('verus');
  });

  it('refuses a name that matches several functions, and an unknown one, before Verus runs', async () => {
    const { fake, crateDir } = setup();
    const ambiguous = await runCli(['verify', crateDir, '--fn', 'pop', '--no-cache'], fake.environment);
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toContain('--fn pop matches 2 functions: outer::inner::Stack::pop, outer::inner::pop');
    const unknown = await runCli(['verify', crateDir, '--fn', 'Queue::pop', '--no-cache'], fake.environment);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/no function named Queue::pop/);
    expect(fake.readInvocations()).toHaveLength(0);
  });
});
