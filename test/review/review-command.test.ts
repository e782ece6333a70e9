import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup } from '../fakes/fake-environment.js';
import { runCli } from '../fakes/run-cli.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { copyReviewFixture } from './review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

const SEARCH = readFileSync(path.resolve('rust-fixtures/review-search-weak/src/lib.rs'), 'utf8');

describe('verus-repair review (CLI)', () => {
  it('exits 1 on findings, writes the reports, and lists the operators in --help', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const fake = createFakeSetup('review-oracle');
    const sarif = path.join(crate, 'review.sarif');
    const md = path.join(crate, 'review.md');
    const run = await runCli(['review', crate, '--no-vacuity', '--no-spec-tests', '--no-record', '--sarif', sarif, '--md', md, '--operators', 'relational-operator,return-value'], fake.environment);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^find +2 +0 +0 +0 +0 +2 +0 +0 +0% +0% +0$/m);
    expect(run.stdout).toContain('survived m1 src/lib.rs:14:17 find relational-operator: == -> !=');
    expect(JSON.parse(readFileSync(sarif, 'utf8')).runs[0].results).toHaveLength(2);
    expect(readFileSync(md, 'utf8')).toContain('### Surviving mutants (2)');
    const help = await runCli(['review', '--help'], fake.environment);
    for (const operator of ['relational-operator', 'arithmetic-operator', 'logical-operator', 'constant', 'negate-condition', 'delete-statement', 'return-value', 'index-shift', 'swap-arguments']) expect(help.stdout).toContain(`  ${operator}: `);
  }, 120_000);

  it('exits 0 on a strong spec and streams NDJSON events with --json', async () => {
    // The strong max, not the strong search: with spec tests on, the search's spec admits any index of the key (a witness, so exit 1).
    const crate = copyReviewFixture('review-max-strong');
    const run = await runCli(['review', crate, '--no-record', '--json', '--operators', 'relational-operator'], createFakeSetup('review-oracle').environment);
    expect(run.exitCode, run.stderr).toBe(0);
    const events = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string });
    expect(events.map((event) => event.type)).toEqual(['review-started', 'spec-checked', 'mutant-settled', 'probe-settled', 'probe-settled', 'probe-settled', 'probe-settled', 'review-finished', 'review']);
  }, 120_000);

  it('a verifier that crashes mid-review leaves the mutants unsettled, never killed (exit 4)', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const run = await runCli(['review', crate, '--no-vacuity', '--no-spec-tests', '--no-record', '--json'], createFakeSetup('review-crash-mid-review').environment);
    expect(run.exitCode, run.stderr).toBe(4);
    const review = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { mutants: Array<{ mutant: { id: string }; verdict: { status: string; reason?: string } }> };
    const byStatus = (status: string) => review.mutants.filter((entry) => entry.verdict.status === status).map((entry) => entry.mutant.id);
    expect(byStatus('unsettled')).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(byStatus('killed-by-tests')).toEqual(['m6']);
    expect(byStatus('killed-by-verus')).toEqual([]);
    expect(review.mutants[0]?.verdict.reason).toMatch(/the verifier crashed/);
    expect(run.stderr).toContain('5 mutant(s) or probe(s) have no verdict');
  }, 120_000);

  it.each<[string, Record<string, string>, string[], RegExp]>([
    ['a crate with no exec code', { 'src/lib.rs': 'use vstd::prelude::*;\n\nverus! {\n\npub open spec fn double(x: int) -> int { x + x }\n\n} // verus!\n' }, [], /no exec function with a body inside verus!/],
    ['a --file without verus!', { 'src/plain.rs': 'pub fn f() {}\n' }, ['--file', 'src/plain.rs'], /src\/plain\.rs:1:1: .*verus!/],
    ['--fn naming no function', {}, ['--fn', 'fnd'], /--fn fnd names no exec function with a body \(did you mean find\?\)/],
  ])('bad input: %s is exit 2 with a one-line error, before any cargo or verifier run', async (_label, files, args, message) => {
    const crate = copyReviewFixture('review-search-weak', files['src/lib.rs'] === undefined ? {} : { source: files['src/lib.rs'] });
    if (files['src/plain.rs'] !== undefined) (await import('node:fs')).writeFileSync(path.join(crate, 'src', 'plain.rs'), files['src/plain.rs']);
    const fake = createFakeSetup('run-never-called');
    const run = await runCli(['review', crate, '--no-record', ...args], fake.environment);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(fake.readInvocations()).toEqual([]);
  }, 60_000);

  it('an original with a syntax error (one Verus reports too) is reported before Verus runs, and nothing is mutated (exit 2)', async () => {
    const crate = copyReviewFixture('review-search-weak', { source: SEARCH.replace('return Some(i);', 'return Some(i) +;') });
    // No erasure rule explains a syntax error, so the pre-check's build-failed stands: Verus is not asked.
    const fake = createFakeSetup('run-local-crate-failed');
    const run = await runCli(['review', crate, '--no-record'], fake.environment);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/the original crate does not compile with plain cargo \(src\/lib\.rs:\d+: expected an expression\), an error Verus reports too; review needs a verified crate; nothing was mutated/);
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus')).toHaveLength(0);
  }, 60_000);

  it('rejects a bad [review] table with the key, the expected form and an example', async () => {
    const crate = copyReviewFixture('review-search-weak', { extraToml: '[review]\njobs = 0\noperators = ["constant", "flip"]\n' });
    const run = await runCli(['review', crate], createFakeSetup('run-never-called').environment);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('review.jobs: expected a value >= 1, received 0. Example: jobs = 2');
    expect(run.stderr).toMatch(/review\.operators\.1: expected one of .*"constant".*received "flip"/);
    const typo = await runCli(['review', copyReviewFixture('review-search-weak', { extraToml: '[reveiw]\njobs = 2\n' })], createFakeSetup('run-never-called').environment);
    expect(typo.stderr).toContain('[reveiw]: unknown table (did you mean [review]?)');
  }, 60_000);
});
