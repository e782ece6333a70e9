import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { VerificationOptions } from '../src/core/verifier.js';
import { ResultCache } from '../src/verifier/cache/result-cache.js';
import { defaultVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { LocalVerifier } from '../src/verifier/runners/local-verifier.js';
import { planVerificationScope } from '../src/verifier/scope/plan-verification-scope.js';
import { renderScopeTrailers } from '../src/verifier/scope/render-scope-trailers.js';
import { verifyInScope } from '../src/verifier/scope/verify-in-scope.js';
import { buildSyntheticVerusOutput } from './demo/synthetic-verus-output.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

/** Synthetic; see test/fixtures/scope/README.md. */
const LIB = readFileSync(new URL('./fixtures/scope/nested-modules.rs', import.meta.url), 'utf8');

const ADD_ONE_EDIT = LIB.replace('    x + 1\n', '    assert(x < 100);\n    x + 1\n');
const POP_EDIT = LIB.replace('                self.items.pop()', '                assert(true); // BREAKS_CONFIRMATION\n                self.items.pop()');
const ADD_TWO_EDIT = LIB.replace('    x + 2\n', '    assert(x < 100);\n    x + 2\n');
const BROADCAST = LIB.replace('pub fn add_one', 'broadcast use vstd::seq::group_seq_axioms;\n\npub fn add_one');
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 20_000, extraVerusArgs: [], scope: 'focused' };
const RLIMIT = '/^[0-9]+(\\.[0-9]+)?$/';

/** A scenario where only well-formed selectors for add_one and outer::inner's Stack::pop are answered; the crate fails when the candidate carries the marker. */
function writeScenario(): string {
  const directory = createTemporaryDirectory('scope-scenario');
  const partial = (output: { stdout: string; stderr: string }) => ({ stdout: output.stdout.replace(/"success":\s*true,\s*/, '').replace(/"is-verifying-entire-crate":\s*true/, '"is-verifying-entire-crate": false'), stderr: output.stderr });
  const outputs = {
    focusAddOne: partial(buildSyntheticVerusOutput({ crate: 'runner-demo', file: 'src/lib.rs', source: ADD_ONE_EDIT, functions: [{ name: 'add_one', success: true }], errors: [] })),
    focusPop: partial(buildSyntheticVerusOutput({ crate: 'runner-demo', file: 'src/lib.rs', source: POP_EDIT, functions: [{ name: 'outer::inner::Stack::pop', success: true }], errors: [] })),
    selectorRejected: buildSyntheticVerusOutput({ crate: 'runner-demo', file: 'src/lib.rs', source: ADD_TWO_EDIT, functions: [], errors: [
      { message: 'could not find function add_two specified by --verify-function', anchor: 'pub fn add_two', label: null },
    ] }),
    crateVerified: buildSyntheticVerusOutput({ crate: 'runner-demo', file: 'src/lib.rs', source: ADD_ONE_EDIT, functions: [{ name: 'add_one', success: true }, { name: 'add_two', success: true }, { name: 'outer::inner::Stack::pop', success: true }], errors: [] }),
    crateFailed: buildSyntheticVerusOutput({ crate: 'runner-demo', file: 'src/lib.rs', source: POP_EDIT, functions: [{ name: 'add_one', success: true }, { name: 'add_two', success: false }, { name: 'outer::inner::Stack::pop', success: true }], errors: [
      { message: 'postcondition not satisfied', anchor: 'r == x + 2', label: 'failed this postcondition' },
    ] }),
  };
  for (const [name, output] of Object.entries(outputs)) {
    writeFileSync(path.join(directory, `${name}.stdout`), output.stdout);
    writeFileSync(path.join(directory, `${name}.stderr`), output.stderr);
  }
  const head = (subcommand: string) => ['verus', subcommand, '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', RLIMIT, '--log-dir', '/^\\.verus-log\\/verus-repair-[0-9a-f]{16}$/'];
  const marker = { file: 'src/lib.rs', contains: 'BREAKS_CONFIRMATION' };
  writeFileSync(path.join(directory, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    description: 'focus on add_one (crate root) or on Stack::pop in outer::inner; the crate verifies unless the candidate carries BREAKS_CONFIRMATION',
    invocations: [
      { tool: 'cargo-verus', argv: [...head('focus'), '--verify-root', '--verify-function', 'add_one'], stdout: 'focusAddOne.stdout', stderr: 'focusAddOne.stderr', exitCode: 0 },
      { tool: 'cargo-verus', argv: [...head('focus'), '--verify-only-module', 'outer::inner', '--verify-function', 'Stack::pop'], stdout: 'focusPop.stdout', stderr: 'focusPop.stderr', exitCode: 0 },
      { tool: 'cargo-verus', argv: [...head('focus'), '--verify-root', '--verify-function', 'add_two'], stdout: 'selectorRejected.stdout', stderr: 'selectorRejected.stderr', exitCode: 1 },
      { tool: 'cargo-verus', argv: head('verify'), whenSource: marker, stdout: 'crateFailed.stdout', stderr: 'crateFailed.stderr', exitCode: 1 },
      { tool: 'cargo-verus', argv: head('verify'), whenSource: { file: 'src/lib.rs', lacks: 'BREAKS_CONFIRMATION' }, stdout: 'crateVerified.stdout', stderr: 'crateVerified.stderr', exitCode: 0 },
    ],
  }));
  return directory;
}

function setup() {
  const scenario = writeScenario();
  const fake = createFakeSetup('unused');
  fake.environment['VERUS_REPAIR_FAKE_SCENARIO'] = scenario;
  const original = new Map([['Cargo.toml', new TextEncoder().encode('[package]\nname = "runner-demo"\n')], ['src/lib.rs', new TextEncoder().encode(LIB)]]);
  const base = defaultVerifierConfig(scenario);
  const verifier = new LocalVerifier({ config: { ...base, runner: 'local', passEnv: FAKE_PASS_ENV }, environment: fake.environment });
  const check = async (source: string, cache: ResultCache | null = null, policy: 'focused' | 'crate' = 'focused') => {
    const crateDir = createTemporaryCrate({ 'src/lib.rs': source });
    const plan = await planVerificationScope({ originalFiles: original, file: 'src/lib.rs', candidate: source, policy });
    return { plan, outcome: await verifyInScope(crateDir, plan, { ...options, scope: policy }, { verifier, prechecker: null, cache, precheckRunsTests: false }) };
  };
  const calls = () => fake.readInvocations().map((entry) => entry.argv);
  return { check, calls };
}

describe('focused verification through the fake cargo-verus (selectors checked as Verus checks them)', () => {
  it('runs focus on the edited function, then one whole-crate confirmation, and reports the confirmation', async () => {
    const { check, calls } = setup();
    const { outcome } = await check(ADD_ONE_EDIT);
    expect(calls().map((argv) => [argv[1], ...argv.slice(12)])).toEqual([['focus', '--verify-root', '--verify-function', 'add_one'], ['verify']]);
    expect(outcome.verification).toMatchObject({ status: 'verified', command: expect.arrayContaining(['verify']) });
    expect(outcome.scope).toMatchObject({ kind: 'focused', functions: ['add_one'], focused: [{ status: 'verified' }], confirmation: { status: 'verified' } });
    expect(renderScopeTrailers(outcome.scope)).toEqual({ verifyScope: 'focused add_one', confirmed: 'crate' });
  });

  it('selects a method of an impl in a nested module by --verify-only-module outer::inner --verify-function Stack::pop', async () => {
    const { check, calls } = setup();
    await check(POP_EDIT);
    expect(calls()[0]?.slice(12)).toEqual(['--verify-only-module', 'outer::inner', '--verify-function', 'Stack::pop']);
  });

  it('records a focused pass whose confirmation fails as failed, with the confirmation diagnostics', async () => {
    const { check } = setup();
    const { outcome } = await check(POP_EDIT);
    expect(outcome.scope).toMatchObject({ kind: 'focused', focused: [{ status: 'verified' }], confirmation: { status: 'failed' } });
    expect(outcome.verification).toMatchObject({ status: 'failed', diagnostics: [expect.objectContaining({ kind: 'postcondition', message: 'postcondition not satisfied' })] });
    expect(renderScopeTrailers(outcome.scope)).toEqual({ verifyScope: 'focused outer::inner::Stack::pop', confirmed: 'crate' });
  });

  it('verifies the whole crate, once, for a candidate adding broadcast use, and says why', async () => {
    const { check, calls } = setup();
    const { outcome } = await check(BROADCAST);
    expect(calls().map((argv) => argv[1])).toEqual(['verify']);
    expect(outcome.scope).toMatchObject({ kind: 'crate', reason: expect.stringContaining('module-level proof context') });
    expect(renderScopeTrailers(outcome.scope)).toEqual({ verifyScope: 'crate' });
  });

  it('falls back to the crate when Verus rejects the focus selector, and says so', async () => {
    const { check, calls } = setup();
    const { outcome } = await check(ADD_TWO_EDIT);
    expect(calls().map((argv) => argv[1])).toEqual(['focus', 'verify']);
    expect(outcome.verification?.status).toBe('verified');
    expect(outcome.scope).toMatchObject({ kind: 'crate', reason: expect.stringContaining('Verus rejected the focus selector (could not find function add_two') });
  });

  it('never serves a focused verdict for a whole-crate request or the reverse', async () => {
    const { check, calls } = setup();
    const cache = new ResultCache(createTemporaryDirectory('scope-cache'));
    const focused = await check(POP_EDIT, cache);
    expect(focused.outcome.verification?.status).toBe('failed');
    expect(calls()).toHaveLength(2);
    // Same sources, whole crate: the crate's own stored verdict (failed), never the focused pass.
    const crate = await check(POP_EDIT, cache, 'crate');
    expect(crate.outcome).toMatchObject({ cache: { status: 'hit' }, verification: { status: 'failed' } });
    // Same sources, focused again: the focused entry and the crate entry each answer their own run.
    const again = await check(POP_EDIT, cache);
    expect(again.outcome).toMatchObject({ cache: { status: 'hit' }, scope: { focused: [{ status: 'verified', cache: 'hit' }], confirmation: { status: 'failed', cache: 'hit' } } });
    expect(calls()).toHaveLength(2);
    const focusKey = focused.outcome.cache.key;
    const fresh = new ResultCache(createTemporaryDirectory('scope-cache-2'));
    const crateFirst = await check(ADD_ONE_EDIT, fresh, 'crate');
    const focusAfter = await check(ADD_ONE_EDIT, fresh);
    expect(crateFirst.outcome.cache.status).toBe('miss');
    expect(focusAfter.outcome.scope).toMatchObject({ focused: [{ cache: 'miss' }], confirmation: { cache: 'hit' } });
    expect(focusKey).not.toBeNull();
  });
});
