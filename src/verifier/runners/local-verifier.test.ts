import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_BIN_DIR, FAKE_PASS_ENV, isProcessAlive, readMarkerProcess } from '../../../test/fakes/fake-environment.js';
import { createTemporaryCrate } from '../../../test/fakes/temporary-crate.js';
import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import { defaultVerifierConfig } from '../config/read-verifier-config.js';
import { LocalVerifier } from './local-verifier.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 20_000, extraVerusArgs: [] };
const crateDir = createTemporaryCrate();
const fileTarget: VerificationTarget = { kind: 'file', filePath: path.join(crateDir, 'src', 'lib.rs') };
afterAll(() => rmSync(crateDir, { recursive: true, force: true }));

function verifierFor(scenario: string, setupOptions: { withFakes?: boolean; path?: string } = {}) {
  const fake = createFakeSetup(scenario, setupOptions);
  const config = { ...defaultVerifierConfig(crateDir), runner: 'local' as const, passEnv: FAKE_PASS_ENV, maxOutputBytes: 64 * 1024 };
  return { fake, verifier: new LocalVerifier({ config, environment: fake.environment }) };
}

describe('LocalVerifier with fake executables', () => {
  it('verifies a crate through real cargo and the fake cargo-verus, with per-function results', async () => {
    const { fake, verifier } = verifierFor('run-local-crate-verified');
    const result = await verifier.verify({ kind: 'crate', crateDir }, options);
    expect(result).toMatchObject({ status: 'verified', toolchain: { verusVersion: 'fake' } });
    // The origin names the program cargo ran (the fake, found on PATH) and the version its document reported.
    expect(result.origin).toEqual({ kind: 'local', tool: 'cargo-verus', program: path.join(FAKE_BIN_DIR, 'cargo-verus'), verusVersion: 'fake' });
    if (result.status !== 'verified') return;
    expect(result.functions.map((item) => [item.function, item.success])).toEqual([['runner_demo::add_one', true], ['runner_demo::lemmas::double', true]]);
    expect(result.command.slice(0, 6)).toEqual(['cargo', 'verus', 'verify', '--fwd-verus-args-to', 'roots', '--message-format=json']);
    // The per-run log directory that makes cargo re-verify the crate is recorded without its nonce.
    expect(result.command.slice(-2)).toEqual(['--log-dir', '.verus-log/verus-repair-<nonce>']);
    expect(fake.readInvocations()[0]?.argv.at(-1)).toMatch(/^\.verus-log\/verus-repair-[0-9a-f]{16}$/);
    // cargo ran in a private copy of the crate (it may rewrite Cargo.lock there), removed afterwards, with the crate's own target/.
    const [call] = fake.readInvocations();
    expect(call).toMatchObject({ tool: 'cargo-verus', targetDir: path.join(crateDir, 'target') });
    expect(call?.cwd).not.toBe(crateDir);
    expect(existsSync(call?.cwd ?? '/')).toBe(false);
  });

  it('verifies an unchanged crate again on the next run: each run\'s log directory makes cargo re-run the root, and only the root', async () => {
    const { fake, verifier } = verifierFor('run-local-crate-verified');
    const freshCrate = createTemporaryCrate();
    const first = await verifier.verify({ kind: 'crate', crateDir: freshCrate }, options);
    const second = await verifier.verify({ kind: 'crate', crateDir: freshCrate }, options);
    expect([first.status, second.status]).toEqual(['verified', 'verified']);
    expect(second.command).toEqual(first.command);
    const [firstRun, secondRun] = fake.readInvocations();
    expect(secondRun?.verifiedPackages).toEqual(firstRun?.verifiedPackages?.filter((name) => name !== 'vstd'));
    expect(secondRun?.verifiedPackages).toHaveLength(1);
    // A --log-dir of the user's own replaces ours (getopts refuses it twice).
    const ownLogDir = { ...options, extraVerusArgs: ['--log-dir', 'my-logs'] };
    expect(await verifier.verify({ kind: 'crate', crateDir: freshCrate }, ownLogDir)).toMatchObject({ status: 'verified' });
    expect(fake.readInvocations().at(-1)?.argv.filter((argument) => argument === '--log-dir')).toHaveLength(1);
  });

  it('calls a Verus panic crashed even though its results document came with it', async () => {
    const result = await verifierFor('run-verus-panic-with-document').verifier.verify({ kind: 'crate', crateDir }, options);
    expect(result).toMatchObject({ status: 'crashed', exitCode: 101, reason: 'verus-panicked', stderrTail: expect.stringContaining('panicked at') });
  });

  it('reports a failing crate with its diagnostics, relative to the crate', async () => {
    const { verifier } = verifierFor('run-local-crate-failed');
    const result = await verifier.verify({ kind: 'crate', crateDir }, options);
    expect(result.status).toBe('failed');
    if (result.status !== 'failed') return;
    expect(result.functions.find((item) => item.function === 'runner_demo::add_one')?.success).toBe(false);
    expect(result.diagnostics.filter((item) => item.severity === 'error').map((item) => [item.kind, item.primary?.file, item.primary?.line])).toEqual([['postcondition', 'src/lib.rs', 6]]);
  });

  it('verifies one function with cargo verus focus and module selectors', async () => {
    const { fake, verifier } = verifierFor('run-local-function-focus');
    const result = await verifier.verify({ kind: 'function', crateDir, module: 'lemmas', function: 'double' }, options);
    expect(result.status).toBe('verified');
    expect(fake.readInvocations()[0]?.argv.slice(-4)).toEqual(['--verify-only-module', 'lemmas', '--verify-function', 'double']);
  });

  it('verifies and fails single files with verus FILE --crate-type=lib', async () => {
    const verified = await verifierFor('run-file-verified').verifier.verify(fileTarget, options);
    expect(verified).toMatchObject({ status: 'verified', origin: { kind: 'local', tool: 'verus', program: path.join(FAKE_BIN_DIR, 'verus') } });
    const failed = await verifierFor('run-file-failed').verifier.verify(fileTarget, options);
    expect(failed).toMatchObject({ status: 'failed', diagnostics: [expect.objectContaining({ kind: 'postcondition', primary: expect.objectContaining({ file: 'lib.rs', line: 6 }) })] });
  });

  it('kills the whole tree on timeout: the fake verifier child never writes its marker', async () => {
    const { fake, verifier } = verifierFor('run-timeout-tree');
    const result = await verifier.verify(fileTarget, { ...options, timeoutMs: 800 });
    expect(result).toMatchObject({ status: 'timeout', timeoutMs: 800 });
    const childPid = readMarkerProcess(`${fake.markerFile}.pid`);
    await sleep(1800);
    expect(existsSync(fake.markerFile)).toBe(false);
    expect(isProcessAlive(childPid)).toBe(false);
  });

  it('keeps memory bounded on huge output and still reads the final result document', async () => {
    const { verifier } = verifierFor('run-huge-output');
    const { result, report } = await verifier.verifyWithReport(fileTarget, options);
    expect(result.status).toBe('verified');
    expect(report?.verusVersion).toBe('fake');
    // 8 MB of 1 KiB noise lines were printed; only the 64 KiB budget (about 64 lines) was kept and parsed.
    expect(report?.unparsedLineCount).toBeGreaterThan(10);
    expect(report?.unparsedLineCount).toBeLessThan(100);
  });

  it('calls garbage on exit 0 crashed, and a panic that aborts before any document crashed', async () => {
    expect(await verifierFor('run-garbage-exit-zero').verifier.verify(fileTarget, options)).toMatchObject({ status: 'crashed', exitCode: 0, reason: 'garbage-output' });
    expect(await verifierFor('run-crash-no-diagnostics').verifier.verify(fileTarget, options)).toMatchObject({ status: 'crashed', exitCode: null, signal: 'SIGABRT', reason: 'verus-panicked', stderrTail: expect.stringContaining('panicked') });
  });

  it.each([
    ['run-rust-toolchain-missing', 'rust-toolchain-missing', 'rustup install 1.95.0-x86_64-unknown-linux-gnu'],
    ['run-z3-mismatch', 'z3-version-mismatch', 'VERUS_Z3_PATH'],
    ['run-verus-incomplete', 'verus-root-missing', 'verus-root marker'],
  ])('maps %s to a toolchain error with its fix', async (scenario, problem, fix) => {
    const result = await verifierFor(scenario).verifier.verify(fileTarget, options);
    expect(result).toMatchObject({ status: 'toolchain-error', problem, message: expect.stringContaining(fix) });
  });

  it('reports Verus missing from PATH as verus-not-found', async () => {
    const { verifier } = verifierFor('run-never-called', { withFakes: false, path: '/usr/bin:/bin' });
    expect(await verifier.verify(fileTarget, options)).toMatchObject({ status: 'toolchain-error', problem: 'verus-not-found' });
  });

  it('reports a cargo without cargo-verus as cargo-verus-not-found (real cargo message)', async () => {
    const { verifier } = verifierFor('run-never-called', { withFakes: false });
    expect(await verifier.verify({ kind: 'crate', crateDir }, options)).toMatchObject({ status: 'toolchain-error', problem: 'cargo-verus-not-found' });
  });

  it('describes its toolchain by the binaries it would run, changing when one is replaced', async () => {
    const { verifier } = verifierFor('run-never-called');
    const first = await verifier.describeToolchain(fileTarget);
    expect(first).toMatch(/verus=.*test\/fakes\/bin\/verus:\d+:\d+/);
    const missing = await verifierFor('run-never-called', { withFakes: false, path: '/nonexistent' }).verifier.describeToolchain(fileTarget);
    expect(missing).toContain('verus=missing');
    expect(missing).not.toBe(first);
  });
});

describe('LocalVerifier environment', () => {
  it('never passes RUSTFLAGS or unlisted secrets to the verifier (the fake rejects them)', async () => {
    const { verifier } = verifierFor('run-local-crate-verified');
    const result = await verifier.verify({ kind: 'crate', crateDir }, options);
    expect(result.status).toBe('verified');
  });

  it('puts a configured cargo-verus directory first on PATH', async () => {
    const fake = createFakeSetup('run-local-crate-verified', { withFakes: false });
    const binDirectory = path.dirname(fake.logFile);
    writeFileSync(path.join(binDirectory, 'cargo-verus'), readFileSync(path.join(process.cwd(), 'test/fakes/bin/cargo-verus'), 'utf8').replace("'../fake-tool.cjs'", JSON.stringify(path.join(process.cwd(), 'test/fakes/fake-tool.cjs'))), { mode: 0o755 });
    const config = { ...defaultVerifierConfig(crateDir), runner: 'local' as const, passEnv: FAKE_PASS_ENV, cargoVerusPath: path.join(binDirectory, 'cargo-verus') };
    const result = await new LocalVerifier({ config, environment: fake.environment }).verify({ kind: 'crate', crateDir }, options);
    expect(result.status).toBe('verified');
  });
});
