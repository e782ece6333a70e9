import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { copyReviewFixture } from './review/review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

/**
 * A crate whose Cargo.lock is stale: the review fixtures carry the rust-fixtures workspace's lock,
 * which lists every fixture crate, so cargo would rewrite it for this crate alone. Real cargo for
 * the erased pre-check (the shared rust-fixtures target directory), the fake cargo-verus for Verus.
 */
describe('the user\'s Cargo.lock (real cargo pre-check, fake Verus)', () => {
  it('verify and review leave a stale Cargo.lock byte-identical and say once per run that it is stale', async () => {
    const crate = copyReviewFixture('review-search-weak');
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
  }, 300_000);
});
