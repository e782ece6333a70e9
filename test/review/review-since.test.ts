import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../fakes/run-cli.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { ReviewChangesRepository, type CrateFunction } from './review-changes-repository.js';

afterAll(removeTemporaryDirectories);

const CLAMP: CrateFunction = { name: 'clamp', weak: false, source: 'pub fn clamp(x: u64) -> (r: u64)\n    ensures r <= 100,\n{\n    if x > 100 { 100 } else { x }\n}\n' };
const DOUBLE: CrateFunction = { name: 'double', weak: false, source: 'pub fn double(x: u64) -> (r: u64)\n    requires x < 1000,\n    ensures r == 2 * x,\n{\n    x + x\n}\n' };
const CAP: CrateFunction = { name: 'cap', weak: false, source: 'pub fn cap(x: u64) -> (r: u64)\n    ensures r <= 10,\n{\n    if x < 10 { x } else { 10 }\n}\n' };
const OPERATORS = ['--operators', 'relational-operator,arithmetic-operator,return-value'];
const QUIET = ['--no-vacuity', '--no-spec-tests', '--no-record', '--json', ...OPERATORS];

interface ReviewLine {
  type: 'review';
  mutants: Array<{ mutant: { id: string; function: string; line: number; original: string; replacement: string } }>;
}

const lastReview = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string }).find((event): event is ReviewLine => event.type === 'review');
const mutantsOf = (review: ReviewLine | undefined) => (review?.mutants ?? []).map(({ mutant }) => ({ function: mutant.function, line: mutant.line, original: mutant.original, replacement: mutant.replacement }));

describe('review --since / --in-diff (real git history, fake cargo-verus, real cargo)', () => {
  const repository = new ReviewChangesRepository();
  beforeAll(async () => {
    await repository.write([CLAMP, DOUBLE]);
    repository.commit('clamp and double');
    await repository.write([CLAMP, DOUBLE, CAP]);
    repository.commit('add cap');
    await repository.write([CLAMP, { ...DOUBLE, source: DOUBLE.source.replace('x + x', 'x * 2') }, CAP]);
    repository.commit('double by multiplication');
  });

  it('--since HEAD~1 reviews the one changed function; --in-diff with the same diff makes the same mutants', async () => {
    const since = await runCli(['review', repository.crate, '--since', 'HEAD~1', ...QUIET], repository.fake.environment);
    expect(since.exitCode, since.stderr).toBe(0);
    const changes = JSON.parse(since.stdout.split('\n')[0] ?? '{}') as { type: string; functions: unknown[] };
    expect(changes).toMatchObject({ type: 'changes', base: 'HEAD~1', functions: [{ file: 'src/lib.rs', function: 'double', reasons: [{ kind: 'exec-changed' }] }], deleted: [] });
    const reviewed = mutantsOf(lastReview(since.stdout));
    expect(reviewed.length).toBeGreaterThan(0);
    expect(new Set(reviewed.map((mutant) => mutant.function))).toEqual(new Set(['double']));

    const diff = path.join(path.dirname(repository.crate), 'change.diff');
    writeFileSync(diff, repository.git('diff', 'HEAD~1'));
    const inDiff = await runCli(['review', repository.crate, '--in-diff', diff, ...QUIET], repository.fake.environment);
    expect(inDiff.exitCode, inDiff.stderr).toBe(0);
    expect(mutantsOf(lastReview(inDiff.stdout))).toEqual(reviewed);
  }, 240_000);

  it('--since HEAD does no work: says so and exits 0 without a verifier call', async () => {
    const before = repository.fake.readInvocations().length;
    const run = await runCli(['review', repository.crate, '--since', 'HEAD', ...OPERATORS, '--no-record'], repository.fake.environment);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('nothing to review: no exec code or spec of an exec function changed since HEAD');
    expect(repository.fake.readInvocations()).toHaveLength(before);
  }, 60_000);

  it('a ref that does not resolve is a one-line error naming it, exit 2, with no verifier call', async () => {
    const before = repository.fake.readInvocations().length;
    const run = await runCli(['review', repository.crate, '--since', 'no-such-branch', '--no-record'], repository.fake.environment);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^verus-repair: --since no-such-branch: no such commit in the repository at [^\n]*$/);
    expect(run.stdout).toBe('');
    expect(repository.fake.readInvocations()).toHaveLength(before);
  }, 60_000);

  it.each([
    [['--fail-on', 'sometimes'], '--fail-on sometimes: expected one of new-findings, any-finding, none. Example: --fail-on new-findings'],
    [['--annotations', 'gitlab'], '--annotations gitlab: the only format is github. Example: --annotations github'],
    [['--since', 'HEAD', '--in-diff', 'x.diff'], '--since and --in-diff both name the base of the changes; give one. Example: --since origin/main'],
  ])('%j is exit 2 with one line, before any work', async (args, message) => {
    const run = await runCli(['review', repository.crate, ...args, '--no-record'], repository.fake.environment);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(`verus-repair: ${message}`);
  }, 60_000);

  it('a diff that does not apply to the working tree is exit 2 naming the diff file and line', async () => {
    const diff = path.join(path.dirname(repository.crate), 'stale.diff');
    writeFileSync(diff, repository.git('diff', 'HEAD~2', 'HEAD~1').replace(/^\+pub fn cap/m, '+pub fn kap'));
    const run = await runCli(['review', repository.crate, '--in-diff', diff, '--no-record'], repository.fake.environment);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^verus-repair: ${diff.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:1: the diff of src/lib.rs does not apply to the working tree's src/lib.rs`));
    expect(readFileSync(path.join(repository.crate, 'src', 'lib.rs'), 'utf8')).toContain('x * 2');
  }, 60_000);
});
