import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bwrapSuiteTitle, BWRAP_AVAILABLE } from './fakes/bubblewrap.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import type { BenchTask } from '../src/evaluate/suites/bench-task.js';
import { validateTask } from '../src/evaluate/suites/validate-task.js';
import { takeRunNotices } from '../src/verifier/sandbox/run-notices.js';
import { PACKAGED_PIN_FILE } from '../src/verifier/toolchain/packaged-paths.js';
import { loadToolchainPin } from '../src/verifier/toolchain/read-toolchain-pin.js';
import { PINNED_VSTD, SHARED_TARGET_DIR, VERIFYING_LIB_RS } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { copyReviewFixture } from './review/review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

/**
 * Real cargo for the erased pre-check (the shared rust-fixtures target directory), the fake
 * cargo-verus for Verus. The review fixtures carry the rust-fixtures workspace's lock, which lists
 * every fixture crate: under --locked cargo ignores the path packages the crate does not have (C
 * core/resolver/encode.rs:196-201), so it is current for --locked; a version the lock does not list
 * makes it stale (cargo would rewrite it).
 */
describe('the user\'s Cargo.lock (real cargo pre-check, fake Verus)', () => {
  it('verify and review leave a stale Cargo.lock byte-identical and say once per run that it is stale', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const manifest = path.join(crate, 'Cargo.toml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('version = "0.1.0"', 'version = "0.2.0"'));
    const lockFile = path.join(crate, 'Cargo.lock');
    const before = readFileSync(lockFile);
    const fake = createFakeSetup('review-oracle');

    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(verify.exitCode, verify.stderr).toBe(0);
    expect(readFileSync(lockFile).equals(before)).toBe(true);
    expect(verify.stderr.split(`${lockFile} is stale: cargo would rewrite it.`)).toHaveLength(2);

    const review = await runCli(['review', crate, '--no-vacuity', '--no-record', '--no-cache', '--operators', 'relational-operator'], fake.environment);
    expect(review.exitCode, review.stderr).toBe(1);
    expect(readFileSync(lockFile).equals(before)).toBe(true);
    // Once, although the original and every mutant ran cargo with that lock.
    expect(review.stderr.split(`${lockFile} is stale: cargo would rewrite it.`)).toHaveLength(2);
  }, 300_000);

  it('a crate without a Cargo.lock gets none from verify or review', async () => {
    const crate = copyReviewFixture('review-search-weak');
    rmSync(path.join(crate, 'Cargo.lock'));
    const fake = createFakeSetup('review-oracle');
    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(verify.exitCode, verify.stderr).toBe(0);
    const review = await runCli(['review', crate, '--no-vacuity', '--no-record', '--no-cache', '--operators', 'relational-operator'], fake.environment);
    expect(review.exitCode, review.stderr).toBe(1);
    expect(existsSync(path.join(crate, 'Cargo.lock'))).toBe(false);
    expect(`${verify.stderr}${review.stderr}`).not.toContain('is stale');
    const missing = `${path.join(crate, 'Cargo.lock')} is missing: cargo would create it.`;
    expect(verify.stderr.split(missing)).toHaveLength(2);
    expect(review.stderr.split(missing)).toHaveLength(2);
  }, 300_000);

  it('runs cargo in the crate itself with --locked when its lock is current: nothing written, nothing said', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const before = readFileSync(path.join(crate, 'Cargo.lock'));
    const fake = createFakeSetup('review-oracle');
    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(verify.exitCode, verify.stderr).toBe(0);
    expect(verify.stdout).toContain('pre-check: passed');
    expect(fake.readInvocations()).toEqual([expect.objectContaining({ tool: 'cargo-verus', cwd: crate, argv: expect.arrayContaining(['--locked']) })]);
    expect(readFileSync(path.join(crate, 'Cargo.lock')).equals(before)).toBe(true);
    expect(verify.stderr).not.toMatch(/is stale|is missing/);
  }, 300_000);

  it('verifies and pre-checks a crate with a path dependency on a sibling crate and a current lock (in place)', async () => {
    const crate = copyReviewFixture('review-search-weak');
    writeSibling(path.dirname(crate));
    const manifest = path.join(crate, 'Cargo.toml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('[dependencies]\n', '[dependencies]\nhelper = { path = "../helper" }\n'));
    appendHelperCall(crate);
    generateLock(crate);
    const before = readFileSync(path.join(crate, 'Cargo.lock'));
    const fake = createFakeSetup('review-oracle');
    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(verify.exitCode, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toContain('pre-check: passed');
    expect(verify.stdout).toContain('result: VERIFIED');
    expect(readFileSync(path.join(crate, 'Cargo.lock')).equals(before)).toBe(true);
  }, 300_000);

  it('a crate with a path dependency and a stale lock verifies and pre-checks in the copy, whose manifest names the sibling absolutely; said once', async () => {
    const crate = copyReviewFixture('review-search-weak');
    writeSibling(path.dirname(crate));
    const manifest = path.join(crate, 'Cargo.toml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('[dependencies]\n', '[dependencies]\nhelper = { path = "../helper" }\n'));
    appendHelperCall(crate);
    // The fixtures' workspace lock lists no `helper`: cargo would add it.
    const lockFile = path.join(crate, 'Cargo.lock');
    const before = readFileSync(lockFile);
    const fake = createFakeSetup('review-oracle');
    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(verify.exitCode, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toContain('pre-check: passed');
    expect(verify.stdout).toContain('result: VERIFIED');
    expect(readFileSync(lockFile).equals(before)).toBe(true);
    expect(verify.stderr.split(`${lockFile} is stale: cargo would rewrite it.`)).toHaveLength(2);
    expect(fake.readInvocations().map((call) => call.cwd)).not.toContain(crate);
  }, 300_000);

  it('verifies and pre-checks a workspace member whose version and vstd come from the workspace (`workspace = true`), with the workspace\'s lock', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const workspace = path.dirname(crate);
    writeSibling(workspace);
    writeFileSync(path.join(workspace, 'Cargo.toml'), `[workspace]\nmembers = ["review-search-weak", "helper"]\nresolver = "2"\n\n[workspace.package]\nversion = "0.1.0"\n\n[workspace.dependencies]\nvstd = "${PINNED_VSTD}"\n`);
    const manifest = path.join(crate, 'Cargo.toml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('version = "0.1.0"', 'version.workspace = true').replace(/^vstd = .*$/m, 'vstd.workspace = true\nhelper = { path = "../helper" }').replace(/\n\[workspace\]\n$/, '\n'));
    appendHelperCall(crate);
    rmSync(path.join(crate, 'Cargo.lock'));
    generateLock(workspace);
    const before = readFileSync(path.join(workspace, 'Cargo.lock'));
    const fake = createFakeSetup('review-oracle');
    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(verify.exitCode, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toContain('pre-check: passed');
    expect(verify.stdout).toContain('result: VERIFIED');
    expect(readFileSync(path.join(workspace, 'Cargo.lock')).equals(before)).toBe(true);
    expect(existsSync(path.join(crate, 'Cargo.lock'))).toBe(false);
  }, 300_000);

  it('a workspace member whose workspace lock is stale: the lock stays byte-identical, and the private copy, its `workspace = true` keys resolved, pre-checks and verifies', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const workspace = path.dirname(crate);
    writeFileSync(path.join(workspace, 'Cargo.toml'), `[workspace]\nmembers = ["review-search-weak"]\nresolver = "2"\n\n[workspace.package]\nversion = "0.1.0"\n\n[workspace.dependencies]\nvstd = "${PINNED_VSTD}"\n`);
    const manifest = path.join(crate, 'Cargo.toml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('version = "0.1.0"', 'version.workspace = true').replace(/^vstd = .*$/m, 'vstd.workspace = true').replace(/\n\[workspace\]\n$/, '\n'));
    rmSync(path.join(crate, 'Cargo.lock'));
    generateLock(workspace);
    const lockFile = path.join(workspace, 'Cargo.lock');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('[dependencies]\n', '[dependencies]\nhelper = { path = "../helper" }\n'));
    writeSibling(workspace);
    const before = readFileSync(lockFile);
    const fake = createFakeSetup('review-oracle');
    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(readFileSync(lockFile).equals(before)).toBe(true);
    expect(verify.stderr.split(`${lockFile} is stale: cargo would rewrite it.`)).toHaveLength(2);
    expect(verify.exitCode, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toContain('pre-check: passed');
    expect(verify.stdout).toContain('result: VERIFIED');
    expect(verify.stderr).not.toContain('workspace = true');
  }, 300_000);
});

describe('verus-repair\'s own scratch crates (a bench task\'s validation crate)', () => {
  it('says nothing about the lock of a crate verus-repair wrote itself, and runs cargo in it, not in a copy of it', async () => {
    const fake = createFakeSetup('run-local-crate-failed');
    const directory = path.join(createTemporaryDirectory('bench-task'), 'task');
    const task: BenchTask = { id: 'scratch-task', crateDir: null, file: 'src/lib.rs', brokenSource: VERIFYING_LIB_RS, originalSource: null, functions: [], defectClass: null, expectedFailingFunction: null, defects: 1, origin: 'test' };
    const tables = { verifier: { runner: 'local', pass_env: FAKE_PASS_ENV, precheck: { target_dir: SHARED_TARGET_DIR, offline: true } }, queue: null };
    const notices = takeRunNotices();
    try {
      // The task crate carries the lock shipped with the demo crate, which names another package: stale for it.
      await validateTask(task, directory, tables, (await loadToolchainPin(PACKAGED_PIN_FILE)).vstd, null, fake.environment);
    } finally {
      notices.restore();
    }
    expect(notices.notices.filter((notice) => notice.includes('Cargo.lock'))).toEqual([]);
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus').map((call) => call.cwd)).toEqual([path.join(directory, 'crate')]);
  }, 300_000);
});

// Real bubblewrap: the user's crate is bound read-only, with the directories cargo reads (the sibling under /tmp, hidden by the sandbox's private /tmp otherwise).
describe.skipIf(!BWRAP_AVAILABLE)(bwrapSuiteTitle('the user\'s crate under the bwrap pre-check sandbox (real cargo, real bwrap)'), () => {
  it('pre-checks in place with a path dependency, and a build script cannot write into the user\'s crate', async () => {
    const crate = copyReviewFixture('review-search-weak');
    writeSibling(path.dirname(crate));
    const manifest = path.join(crate, 'Cargo.toml');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('[dependencies]\n', '[dependencies]\nhelper = { path = "../helper" }\n'));
    appendHelperCall(crate);
    writeFileSync(path.join(crate, 'build.rs'), 'fn main() {\n    let _ = std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/written-by-build-script"), "x");\n}\n');
    const toml = path.join(crate, 'verus-repair.toml');
    writeFileSync(toml, readFileSync(toml, 'utf8').replace('offline = true\n', 'offline = true\nsandbox = "bwrap"\n'));
    generateLock(crate);
    const fake = createFakeSetup('review-oracle');
    const verify = await runCli(['verify', crate, '--no-cache'], fake.environment);
    expect(verify.exitCode, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toContain('pre-check: passed');
    expect(existsSync(path.join(crate, 'written-by-build-script'))).toBe(false);
  }, 300_000);
});

/** A plain library crate `helper` in `directory`. */
function writeSibling(directory: string): void {
  mkdirSync(path.join(directory, 'helper', 'src'), { recursive: true });
  writeFileSync(path.join(directory, 'helper', 'Cargo.toml'), '[package]\nname = "helper"\nversion = "0.1.0"\nedition = "2021"\n');
  writeFileSync(path.join(directory, 'helper', 'src', 'lib.rs'), 'pub fn one() -> u32 {\n    1\n}\n');
}

/** A test that calls the sibling, so the pre-check's `cargo test` builds it (src/lib.rs stays the fixture's, which the review oracle knows). */
function appendHelperCall(crate: string): void {
  mkdirSync(path.join(crate, 'tests'), { recursive: true });
  writeFileSync(path.join(crate, 'tests', 'uses_helper.rs'), '#[test]\nfn the_sibling_links() {\n    assert_eq!(helper::one(), 1);\n}\n');
}

/** A current lock, written by cargo itself (offline: vstd is in the registry cache, as for every pre-check test). */
function generateLock(directory: string): void {
  execFileSync('cargo', ['generate-lockfile', '--offline'], { cwd: directory, stdio: 'pipe' });
}
