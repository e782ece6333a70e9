import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_VERIFIER_UNSANDBOXED } from '../src/verifier/sandbox/select-run-sandboxes.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { copyReviewFixture } from './review/review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

const ROOT = path.resolve(import.meta.dirname, '..');
const UNSANDBOXED_VERUS = { kind: 'none', reason: LOCAL_VERIFIER_UNSANDBOXED };

describe('the sandbox in the reports and headers of verify, review and bench', () => {
  it('verify: where the pre-check and Verus ran, in --json and the header (fake verifier)', async () => {
    const crateDir = createTemporaryCrate({ 'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n` });
    const fake = createFakeSetup('run-local-crate-verified');
    const json = await runCli(['verify', crateDir, '--json'], fake.environment);
    expect(json.exitCode, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { sandbox: unknown }).sandbox).toEqual({ precheck: null, verifier: UNSANDBOXED_VERUS });
    const text = await runCli(['verify', crateDir, '--no-cache'], fake.environment);
    expect(text.stdout).toContain(`\nsandbox: no pre-check; Verus unsandboxed (${LOCAL_VERIFIER_UNSANDBOXED})\n`);
    const docker = await runCli(['verify', crateDir, '--json', '--no-cache', '--docker'], createFakeSetup('run-docker-crate-verified').environment);
    expect((JSON.parse(docker.stdout) as { sandbox: { verifier: { kind: string; image: string } } }).sandbox.verifier).toMatchObject({ kind: 'docker', image: expect.stringMatching(/^verus-repair\/verus:0\.2026\.06\.07\.cd03505-[0-9a-f]{12}$/) });
  }, 120_000);

  it('review --json: the review line names the pre-check sandbox and why there is none', async () => {
    const crate = copyReviewFixture('review-max-strong', { extraToml: 'sandbox = "none"\n' });
    const run = await runCli(['review', crate, '--no-record', '--json', '--no-vacuity', '--no-spec-tests', '--operators', 'relational-operator'], createFakeSetup('review-oracle').environment);
    expect(run.exitCode, run.stderr).toBe(0);
    const review = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { type: string; sandbox: unknown };
    expect(review).toMatchObject({ type: 'review', sandbox: { precheck: { kind: 'none', reason: '[verifier.precheck] sandbox = "none"' }, verifier: UNSANDBOXED_VERUS } });
  }, 180_000);

  it('bench: the first NDJSON line and the first header line, printed before the bench starts', async () => {
    const out = path.join(createTemporaryDirectory('bench-sandbox'), 'out');
    // rust-fixtures has more tasks than --max-attempts 1 allows: the bench is refused right after the sandbox line, nothing runs.
    const args = ['bench', path.join(ROOT, 'rust-fixtures'), '--model', 'm', '--local', '--max-attempts', '1', '--out', out];
    const environment = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' };
    const json = await runCli([...args, '--json'], environment, createTemporaryDirectory('bench-cwd'));
    expect(json.exitCode, json.stderr).toBe(2);
    const first = JSON.parse(json.stdout.split('\n')[0] ?? '') as { type: string; sandbox: { precheck: { kind: string } | null; verifier: unknown } };
    expect(first.type).toBe('bench-sandbox');
    expect(first.sandbox.verifier).toEqual(UNSANDBOXED_VERUS);
    expect(['bwrap', 'none']).toContain(first.sandbox.precheck?.kind);
    const text = await runCli(args, environment, createTemporaryDirectory('bench-cwd'));
    expect(text.stdout.split('\n')[0]).toMatch(/^sandbox: pre-check (in bubblewrap \(.*bwrap\)|unsandboxed \(.*\)); Verus unsandboxed \(the local runner/);
  }, 120_000);
});
