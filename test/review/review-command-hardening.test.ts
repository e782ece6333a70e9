import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup } from '../fakes/fake-environment.js';
import { runCli, startCli } from '../fakes/run-cli.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { copyReviewFixture } from './review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

function gitCrate(name: string): string {
  const crate = copyReviewFixture(name);
  execFileSync('git', ['init', '-q', crate]);
  execFileSync('git', ['-C', crate, 'add', '.']);
  execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'base']);
  return crate;
}

function reviewRefs(crate: string): string[] {
  return execFileSync('git', ['-C', crate, 'for-each-ref', '--format=%(refname)', 'refs/heads/verus-repair/'], { encoding: 'utf8' }).split('\n').filter((line) => line !== '');
}

/** The pids of a process group that are still running (zombies excluded). */
function livingMembers(group: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,stat=', '-g', String(group)], { encoding: 'utf8' }).split('\n').map((line) => line.trim()).filter((line) => line !== '' && !/\sZ/.test(line));
  } catch {
    return [];
  }
}

describe('verus-repair review: what is checked before any work', () => {
  it.each<[string, (crate: string) => string[], RegExp]>([
    ['--sarif at a directory', (crate) => ['--sarif', crate], /--sarif .*: this is a directory; give a file name for the report/],
    ['--md over the reviewed source', (crate) => ['--md', path.join(crate, 'src', 'lib.rs')], /--md .*: this is src\/lib\.rs of the crate at .*; a report must not overwrite the crate's sources/],
    ['--sarif into .git', (crate) => ['--sarif', path.join(crate, '.git', 'HEAD')], /--sarif .*: this is inside the git directory/],
    ['--html at /dev/full', () => ['--html', '/dev/full'], /--html \/dev\/full: \/dev holds kernel interfaces and devices/],
    ['--sarif at /proc/version', () => ['--sarif', '/proc/version'], /--sarif \/proc\/version: \/proc holds kernel interfaces/],
    ['--md under a missing directory', (crate) => ['--md', path.join(crate, 'no', 'such', 'dir', 'r.md')], /--md .*: .* does not exist|create it first/],
    ['two reports on one path', (crate) => ['--sarif', path.join(crate, 'r.out'), '--md', path.join(crate, 'r.out')], /--md .*r\.out: --sarif already writes this file/],
    ['--against an unknown ref', () => ['--against', 'no-such-ref'], /--against no-such-ref: no such commit in this repository/],
    ['--jobs past the limit', () => ['--jobs', '1000'], /--jobs: expected an integer >= 1 and <= 64, received "1000"/],
    ['--seed in exponent form', () => ['--seed', '1e99'], /--seed: expected an integer >= 0 and <= 4294967295, received "1e99"/],
  ])('%s: exit 2 with one line naming the option, before any cargo or verifier run, nothing written', async (_label, args, message) => {
    const crate = gitCrate('review-search-weak');
    const before = readFileSync(path.join(crate, 'src', 'lib.rs'), 'utf8');
    const fake = createFakeSetup('run-never-called');
    const run = await runCli(['review', crate, '--json', ...args(crate)], fake.environment);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toBe('');
    expect(fake.readInvocations()).toEqual([]);
    expect(readFileSync(path.join(crate, 'src', 'lib.rs'), 'utf8')).toBe(before);
    expect(execFileSync('git', ['-C', crate, 'fsck', '--no-progress'], { encoding: 'utf8' })).toBe('');
    expect(reviewRefs(crate)).toEqual([]);
  }, 60_000);
});

describe('verus-repair review: a report that cannot be written after the review ran', () => {
  it('is an error naming the report (no stack trace), and the review is recorded before it', async () => {
    const crate = gitCrate('review-search-weak');
    const sarif = path.join(path.dirname(crate), 'review.sarif');
    const md = path.join(path.dirname(crate), 'review.md');
    const child = startCli(['review', crate, '--json', '--no-vacuity', '--operators', 'relational-operator', '--sarif', sarif, '--md', md], createFakeSetup('review-oracle').environment);
    // The path was fine when checked; it becomes a directory while the review runs.
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"review-started"') && !existsSync(sarif)) mkdirSync(sarif);
    });
    const result = await child;
    expect(result.exitCode, String(result.stderr)).toBe(1);
    expect(String(result.stderr)).toMatch(new RegExp(`verus-repair: --sarif ${sarif.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the report could not be written \\(EISDIR: .*\\); the review is recorded on refs/heads/verus-repair/review-\\S+ and printed above`));
    expect(String(result.stderr)).not.toMatch(/\n\s+at /);
    expect(readFileSync(md, 'utf8')).toContain('### Surviving mutants (1)');
    expect(reviewRefs(crate)).toHaveLength(1);
    const audit = await runCli(['audit', '--reviews', '--repo', crate], { PATH: process.env['PATH'] ?? '' });
    expect(audit.exitCode, audit.stderr).toBe(0);
  }, 120_000);
});

describe('verus-repair review: interrupted', () => {
  it.each([
    ['SIGINT to the process group, as a terminal sends Ctrl-C', 'SIGINT'],
    ['SIGTERM to node', 'SIGTERM'],
  ] as const)('%s: exit 130, no child left running, nothing recorded or reported', async (_label, signal) => {
    const crate = gitCrate('review-search-weak');
    const md = path.join(path.dirname(crate), 'interrupted.md');
    const child = startCli(['review', crate, '--json', '--md', md], createFakeSetup('review-oracle-delayed').environment, undefined, { detached: true });
    const group = child.pid ?? 0;
    let output = '';
    const settled = new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"mutant-settled"')) resolve();
      });
    });
    await Promise.race([settled, sleep(100_000)]);
    expect(output).toContain('"mutant-settled"');
    if (signal === 'SIGINT') process.kill(-group, 'SIGINT');
    else child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode, String(result.stderr)).toBe(130);
    expect(String(result.stderr)).toContain('verus-repair: review interrupted; its cargo and verifier processes were stopped, and nothing was reported or recorded');
    expect(String(result.stderr)).not.toMatch(/\n\s+at /);
    expect(String(result.stdout)).not.toContain('"type":"review"');
    // Killed processes leave as soon as the kernel reaps them; a loaded CI machine may take longer than a fixed wait.
    for (const deadline = Date.now() + 10_000; livingMembers(group).length > 0 && Date.now() < deadline; ) await sleep(100);
    expect(livingMembers(group)).toEqual([]);
    expect(reviewRefs(crate)).toEqual([]);
    expect(existsSync(md)).toBe(false);
    const log = await runCli(['log', '--reviews', '--repo', crate], { PATH: process.env['PATH'] ?? '' });
    expect(log.stdout).not.toContain('review ');
  }, 150_000);
});
