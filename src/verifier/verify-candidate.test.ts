import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_BIN_DIR, FAKE_PASS_ENV } from '../../test/fakes/fake-environment.js';
import { createTemporaryCrate, SHARED_TARGET_DIR, VERIFYING_LIB_RS } from '../../test/fakes/temporary-crate.js';
import { describeVerdictOrigin } from '../core/verdict-origin.js';
import type { VerificationOptions, VerificationTarget } from '../core/verifier.js';
import { ResultCache } from './cache/result-cache.js';
import { defaultVerifierConfig } from './config/read-verifier-config.js';
import { CargoPrechecker } from './precheck/cargo-prechecker.js';
import { LocalVerifier } from './runners/local-verifier.js';
import { verifyCandidate } from './verify-candidate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 20_000, extraVerusArgs: [] };
const created: string[] = [];
afterAll(() => created.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

function setup(scenario: string, crateFiles: Record<string, string> = {}) {
  const crateDir = createTemporaryCrate(crateFiles);
  const cacheDir = createTemporaryDirectory('cache');
  created.push(crateDir, cacheDir);
  const fake = createFakeSetup(scenario);
  const base = defaultVerifierConfig(crateDir);
  const config = { ...base, runner: 'local' as const, passEnv: FAKE_PASS_ENV, precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } };
  const verifier = new LocalVerifier({ config, environment: fake.environment });
  const services = (cache: ResultCache | null, precheck = false) => ({
    verifier,
    prechecker: precheck ? new CargoPrechecker({ config, environment: fake.environment }) : null,
    cache,
    precheckRunsTests: true,
  });
  const verifierCalls = () => fake.readInvocations().filter((entry) => entry.tool === 'cargo-verus' || entry.tool === 'verus').length;
  return { crateDir, cacheDir, fake, services, verifierCalls, target: { kind: 'crate', crateDir } as VerificationTarget };
}

describe('verifyCandidate and the result cache', () => {
  it('verifies once: the identical candidate comes from the cache without invoking the verifier', async () => {
    const { cacheDir, services, verifierCalls, target } = setup('run-local-crate-verified');
    const first = await verifyCandidate(target, options, services(new ResultCache(cacheDir)));
    expect(first).toMatchObject({ verification: { status: 'verified', origin: { kind: 'local', program: path.join(FAKE_BIN_DIR, 'cargo-verus') } }, cache: { status: 'miss' }, precheck: { status: 'skipped', reason: 'disabled' } });
    expect(verifierCalls()).toBe(1);
    const secondCache = new ResultCache(cacheDir);
    const second = await verifyCandidate(target, options, services(secondCache));
    // The hit, read back from disk by another cache instance, still names the run that filled it.
    expect(second).toMatchObject({ verification: { status: 'verified', origin: { kind: 'cache', of: first.verification?.origin } }, cache: { status: 'hit', key: first.cache.key } });
    expect(describeVerdictOrigin(second.verification?.origin ?? { kind: 'recorded', source: '?', synthetic: true })).toMatch(/^cache of local cargo-verus at .*test\/fakes\/bin\/cargo-verus, Verus /);
    expect(verifierCalls()).toBe(1);
    expect(secondCache.statistics).toMatchObject({ hits: 1, misses: 0 });
    if (second.verification?.status === 'verified') expect(second.verification.functions).toHaveLength(2);
  });

  it('caches failures too, and stores the normalized report with them', async () => {
    const { cacheDir, services, verifierCalls, target } = setup('run-local-crate-failed');
    const cache = new ResultCache(cacheDir);
    const first = await verifyCandidate(target, options, services(cache));
    expect(first.verification?.status).toBe('failed');
    const stored = JSON.parse(readFileSync(cache.entryPath(first.cache.key ?? ''), 'utf8')) as { report: string };
    expect(JSON.parse(stored.report)).toMatchObject({ diagnostics: [expect.objectContaining({ kind: 'postcondition' })] });
    expect((await verifyCandidate(target, options, services(cache))).verification).toMatchObject({ status: 'failed', origin: { kind: 'cache', of: first.verification?.origin } });
    expect(verifierCalls()).toBe(1);
  });

  it('with --no-cache runs the verifier every time and writes nothing', async () => {
    const { cacheDir, services, verifierCalls, target } = setup('run-local-crate-verified');
    await verifyCandidate(target, options, services(null));
    const second = await verifyCandidate(target, options, services(null));
    expect(second.cache).toEqual({ status: 'bypassed', key: null, note: null });
    expect(verifierCalls()).toBe(2);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('treats a corrupt entry as a reported miss and replaces it', async () => {
    const { cacheDir, services, verifierCalls, target } = setup('run-local-crate-verified');
    const cache = new ResultCache(cacheDir);
    const first = await verifyCandidate(target, options, services(cache));
    writeFileSync(cache.entryPath(first.cache.key ?? ''), '{"format": "verus-repair-cache/1", "key": 42');
    const second = await verifyCandidate(target, options, services(cache));
    expect(second.cache).toMatchObject({ status: 'corrupt', note: expect.stringContaining('ignored corrupt cache entry') });
    expect(second.verification?.status).toBe('verified');
    expect(verifierCalls()).toBe(2);
    expect((await verifyCandidate(target, options, services(cache))).cache.status).toBe('hit');
  });

  it('never caches a timeout', async () => {
    const { cacheDir, services, verifierCalls } = setup('run-timeout-tree');
    const target: VerificationTarget = { kind: 'file', filePath: path.join(cacheDir, 'lib.rs') };
    writeFileSync(target.filePath, 'fn main() {}\n');
    const cache = new ResultCache(cacheDir);
    expect((await verifyCandidate(target, { ...options, timeoutMs: 500 }, services(cache))).verification?.status).toBe('timeout');
    expect((await verifyCandidate(target, { ...options, timeoutMs: 500 }, services(cache))).cache.status).toBe('miss');
    expect(verifierCalls()).toBe(2);
    expect(cache.statistics.stores).toBe(0);
  });
});

describe('verifyCandidate pre-checks (real cargo)', () => {
  it('stops a candidate with an exec type error before Verus: the fake verifier is never invoked', async () => {
    const broken = VERIFYING_LIB_RS.replace('    x + 1\n', '    x + true\n');
    const { cacheDir, services, fake, target } = setup('run-never-called', { 'src/lib.rs': broken });
    const outcome = await verifyCandidate(target, options, services(new ResultCache(cacheDir), true));
    expect(outcome).toMatchObject({ precheck: { status: 'build-failed' }, verification: null });
    expect(fake.readInvocations()).toEqual([]);
  }, 300_000);

  it('stops a candidate whose #[test] fails before Verus', async () => {
    const failingTest = `${VERIFYING_LIB_RS}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn wrong() {\n        assert_eq!(super::add_one(1), 5);\n    }\n}\n`;
    const { cacheDir, services, fake, target } = setup('run-never-called', { 'src/lib.rs': failingTest });
    const outcome = await verifyCandidate(target, options, services(new ResultCache(cacheDir), true));
    expect(outcome).toMatchObject({ precheck: { status: 'test-failed', failingTests: ['tests::wrong'] }, verification: null });
    expect(fake.readInvocations()).toEqual([]);
  }, 300_000);

  it('runs the verifier after a passing pre-check and serves both from the cache next time', async () => {
    const { cacheDir, services, verifierCalls, target } = setup('run-local-crate-verified');
    const first = await verifyCandidate(target, options, services(new ResultCache(cacheDir), true));
    expect(first).toMatchObject({ precheck: { status: 'passed' }, verification: { status: 'verified' } });
    const second = await verifyCandidate(target, options, services(new ResultCache(cacheDir), true));
    expect(second).toMatchObject({ precheck: { status: 'passed' }, verification: { origin: { kind: 'cache', of: { kind: 'local' } } }, cache: { status: 'hit' } });
    expect(verifierCalls()).toBe(1);
  }, 300_000);
});
