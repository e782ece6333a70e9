import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate, SHARED_TARGET_DIR, VERIFYING_LIB_RS } from '../../../test/fakes/temporary-crate.js';
import { defaultVerifierConfig } from '../config/read-verifier-config.js';
import type { PrecheckBuildStep } from '../../core/verifier-precheck.js';
import { CargoPrechecker } from './cargo-prechecker.js';
import { parseFailingTests } from './parse-failing-tests.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { materializeCrate, readCrateFiles } from '../../repair/setup/crate-snapshot.js';

afterAll(removeTemporaryDirectories);

const created: string[] = [];
afterAll(() => created.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

function prechecker(options: { buildStep?: PrecheckBuildStep; test?: boolean } = {}): CargoPrechecker {
  const base = defaultVerifierConfig('/unused');
  const config = { ...base, precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true, test: options.test ?? true } };
  return new CargoPrechecker({ config, environment: { ...process.env, RUSTFLAGS: '--cfg verus_keep_ghost' }, ...(options.buildStep === undefined ? {} : { buildStep: options.buildStep }) });
}

function crate(files: Record<string, string>): string {
  const directory = createTemporaryCrate(files);
  created.push(directory);
  return directory;
}

const TESTS = (expected: number) => `\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds_one() {\n        assert_eq!(super::add_one(1), ${expected});\n    }\n}\n`;

// Real cargo, real vstd (erased): these tests build in the shared rust-fixtures target directory.
describe('CargoPrechecker (real cargo)', () => {
  it('passes a crate that builds, running cargo test when it has tests (RUSTFLAGS from the host is dropped)', async () => {
    const result = await prechecker().precheck(crate({ 'src/lib.rs': VERIFYING_LIB_RS + TESTS(2) }));
    expect(result).toMatchObject({ status: 'passed', steps: ['build', 'test'] });
  }, 300_000);

  it('skips cargo test for a crate without tests', async () => {
    expect(await prechecker().precheck(crate({}))).toMatchObject({ status: 'passed', steps: ['build'] });
  }, 300_000);

  it('reports an exec type error as build-failed with rustc diagnostics pointing into src/lib.rs', async () => {
    const broken = VERIFYING_LIB_RS.replace('    x + 1\n', '    x + true\n');
    const result = await prechecker().precheck(crate({ 'src/lib.rs': broken }));
    expect(result).toMatchObject({ status: 'build-failed', step: 'build', steps: ['build'] });
    if (result.status !== 'build-failed') return;
    const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' && diagnostic.primary !== null);
    expect(errors[0]).toMatchObject({ origin: 'precheck', code: 'E0277', primary: { file: 'src/lib.rs', line: 9 } });
  }, 300_000);

  it('reports a failing #[test] as test-failed with the test name', async () => {
    const result = await prechecker().precheck(crate({ 'src/lib.rs': VERIFYING_LIB_RS + TESTS(3) }));
    expect(result).toMatchObject({ status: 'test-failed', failingTests: ['tests::adds_one'], steps: ['build', 'test'] });
    if (result.status === 'test-failed') expect(result.outputTail).toContain('tests::adds_one');
  }, 300_000);

  it('buildStep test-targets: builds by cargo test --no-run, an exec type error read as the build\'s, with its diagnostics', async () => {
    const broken = VERIFYING_LIB_RS.replace('    x + 1\n', '    x + true\n');
    const result = await prechecker({ buildStep: 'test-targets', test: false }).precheck(crate({ 'src/lib.rs': broken + TESTS(2) }));
    expect(result).toMatchObject({ status: 'build-failed', step: 'build', steps: ['build'] });
    // The command may be wrapped in the sandbox's: cargo's arguments are found by their own.
    const noRun = result.command.indexOf('--no-run');
    expect(result.command.slice(noRun - 1, noRun + 2)).toEqual(['test', '--no-run', '--tests']);
    if (result.status !== 'build-failed') return;
    expect(result.diagnostics.find((diagnostic) => diagnostic.severity === 'error' && diagnostic.primary !== null)).toMatchObject({ code: 'E0277', primary: { file: 'src/lib.rs', line: 9 } });
  }, 300_000);

  it('buildStep none: runs the tests of a crate built before, and still fails a failing #[test]', async () => {
    const directory = crate({ 'src/lib.rs': VERIFYING_LIB_RS + TESTS(3) });
    expect(await prechecker({ buildStep: 'test-targets', test: false }).precheck(directory)).toMatchObject({ status: 'passed', steps: ['build'] });
    expect(await prechecker({ buildStep: 'none' }).precheck(directory)).toMatchObject({ status: 'test-failed', steps: ['test'], failingTests: ['tests::adds_one'] });
  }, 300_000);

  it('reports a test that does not compile as build-failed in the test step', async () => {
    const result = await prechecker().precheck(crate({ 'src/lib.rs': VERIFYING_LIB_RS + TESTS(2).replace('super::add_one(1)', 'super::add_one("one")') }));
    expect(result).toMatchObject({ status: 'build-failed', step: 'test' });
  }, 300_000);
});

// Real cargo on a crate without dependencies: a scratch copy and the user's own crate, with the user's CARGO_TARGET_DIR set.
describe('CargoPrechecker\'s target directory (real cargo)', () => {
  function setting() {
    const project = createTemporaryDirectory('precheck-project');
    const userCrate = path.join(project, 'crate');
    mkdirSync(path.join(userCrate, 'src'), { recursive: true });
    writeFileSync(path.join(userCrate, 'Cargo.toml'), '[package]\nname = "plain"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n');
    writeFileSync(path.join(userCrate, 'src', 'lib.rs'), 'pub fn one() -> u32 { 1 }\n');
    const base = defaultVerifierConfig(project);
    const userTarget = path.join(project, 'user-target');
    const prechecker = new CargoPrechecker({ config: { ...base, precheck: { ...base.precheck, offline: true } }, environment: { ...process.env, CARGO_TARGET_DIR: userTarget } });
    return { userCrate, userTarget, sharedTarget: base.precheck.defaultTargetDir, prechecker };
  }

  it('builds a scratch copy in the project\'s shared directory, leaving nothing in the user\'s CARGO_TARGET_DIR', async () => {
    const { userCrate, userTarget, sharedTarget, prechecker } = setting();
    const scratch = await materializeCrate(await readCrateFiles(userCrate), userCrate, 'target-dir');
    created.push(scratch);
    expect(await prechecker.precheck(scratch)).toMatchObject({ status: 'passed' });
    expect(existsSync(userTarget)).toBe(false);
    expect(readdirSync(path.join(sharedTarget, 'debug'))).toContain('libplain.rlib');
  }, 120_000);

  it('builds the user\'s own crate in their CARGO_TARGET_DIR', async () => {
    const { userCrate, userTarget, sharedTarget, prechecker } = setting();
    expect(await prechecker.precheck(userCrate)).toMatchObject({ status: 'passed' });
    expect(readdirSync(path.join(userTarget, 'debug'))).toContain('libplain.rlib');
    expect(existsSync(sharedTarget)).toBe(false);
  }, 120_000);
});

describe('parseFailingTests', () => {
  it('reads libtest failure lines once each, ignoring passing tests', () => {
    const output = 'running 3 tests\ntest a::ok ... ok\ntest a::bad ... FAILED\ntest b::worse ... FAILED\n\nfailures:\n    a::bad\ntest a::bad ... FAILED\n';
    expect(parseFailingTests(output)).toEqual(['a::bad', 'b::worse']);
  });
});
