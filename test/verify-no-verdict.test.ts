import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { writeScenario } from './fakes/write-scenario.js';

afterAll(removeTemporaryDirectories);
const created: string[] = [];
afterAll(() => created.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

const CARGO_VERUS_ARGV = ['verus', 'verify', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '/^[0-9]+(\\.[0-9]+)?$/', '...'];

/** What rust_verify prints with --output-json when its run ends in an error it counts nowhere (V rust_verify/src/main.rs:519-555). */
const ERROR_ONLY_DOCUMENT = `${JSON.stringify({
  'func-details': {},
  'verification-results': { 'encountered-error': true, 'encountered-vir-error': false, success: false, verified: 0, errors: 0, 'is-verifying-entire-crate': true },
  verus: { version: '0.2026.06.07.cd03505', platform: { os: 'linux', arch: 'x86_64', toolchain: '1.95.0-x86_64-unknown-linux-gnu' }, toolchain: '1.95.0-x86_64-unknown-linux-gnu', profile: 'release' },
}, null, 2)}\n`;

/**
 * Each shape a verifier can end in without a verdict (synthetic scenarios for the fake cargo-verus,
 * the root unit's output; the fake exits 101 as cargo does for a failed unit). Expected: exit 4,
 * or 3 where the message names a missing part of the toolchain.
 */
const SHAPES = [
  { name: 'an unknown error and no results document', stderr: 'error: the solver process left no answer behind\n', stdout: '', exitCode: 4, says: 'unrecognised-error' },
  { name: 'a document with encountered-error and no error diagnostic', stderr: '', stdout: ERROR_ONLY_DOCUMENT, exitCode: 4, says: 'unrecognised-error' },
  // V rust_verify/src/cargo_verus.rs:145 and verifier.rs:3051-3052: `Error: ...`, exit 1, before any document.
  { name: "a dependency's .vir file missing", stderr: "Error: could not find .vir file for 'vstd'\n", stdout: '', exitCode: 3, says: 'cargo clean -p vstd' },
];

function crateWithScenario(stdout: string, stderr: string): { crateDir: string; environment: NodeJS.ProcessEnv; invocations: () => number } {
  const crateDir = createTemporaryCrate({
    'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n`,
  });
  created.push(crateDir);
  const scenario = writeScenario([{ tool: 'cargo-verus', argv: CARGO_VERUS_ARGV, stdout: 'stdout.txt', stderr: 'stderr.txt', exitCode: 1 }], { 'stdout.txt': stdout, 'stderr.txt': stderr });
  const fake = createFakeSetup('run-never-called');
  return { crateDir, environment: { ...fake.environment, VERUS_REPAIR_FAKE_SCENARIO: scenario }, invocations: () => fake.readInvocations().length };
}

describe('verify: no verdict from a verifier that gave none (fake cargo-verus, CLI)', () => {
  it.each(SHAPES)('$name: exit $exitCode, nothing cached, the next run verifies again', async ({ stdout, stderr, exitCode, says }) => {
    const { crateDir, environment, invocations } = crateWithScenario(stdout, stderr);
    const first = await runCli(['verify', crateDir, '--json'], environment);
    expect(first.exitCode, first.stderr).toBe(exitCode);
    const report = JSON.parse(first.stdout) as { verification: { status: string; reason?: string; message?: string }; cacheStatistics: { stores: number } };
    expect(report.verification.status).toBe(exitCode === 4 ? 'crashed' : 'toolchain-error');
    expect(JSON.stringify(report.verification)).toContain(says);
    expect(report.cacheStatistics.stores).toBe(0);
    const cacheDir = path.join(crateDir, '.verus-repair', 'cache');
    expect(existsSync(cacheDir) ? readdirSync(cacheDir, { recursive: true }).filter((name) => String(name).endsWith('.json')) : []).toEqual([]);
    const second = await runCli(['verify', crateDir], environment);
    expect(second.exitCode).toBe(exitCode);
    expect(second.stdout).toMatch(/cache: miss/);
    expect(invocations()).toBe(2);
  });

  it('a located error still fails the proof and is cached (the control)', async () => {
    const located = `${JSON.stringify({ reason: 'compiler-message', package_id: 'path+file:///x#runner-demo@0.1.0', message: { $message_type: 'diagnostic', message: 'the solver left no answer for this function', code: null, level: 'error', spans: [{ file_name: 'src/lib.rs', byte_start: 40, byte_end: 47, line_start: 5, line_end: 5, column_start: 8, column_end: 15, is_primary: true, text: [], label: null }], children: [], rendered: 'error: the solver left no answer for this function\n --> src/lib.rs:5:8\n' } })}\n`;
    const { crateDir, environment, invocations } = crateWithScenario(located, '');
    const first = await runCli(['verify', crateDir], environment);
    expect(first.exitCode, first.stdout).toBe(1);
    expect(first.stdout).toContain('result: FAILED');
    const second = await runCli(['verify', crateDir], environment);
    expect(second.stdout).toMatch(/cache: hit/);
    expect(invocations()).toBe(1);
  });
});
