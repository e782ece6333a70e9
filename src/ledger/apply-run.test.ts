import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRun } from './apply-run.js';
import { GitProofLedger, type CandidateRecord } from './git-proof-ledger.js';

let repo: string;
const ORIGINAL = 'verus! {\n\nfn f(x: u32) -> u32\n{\n    x\n}\n\n} // verus!\n';
const VERIFIED_SOURCE = 'verus! {\n\nfn f(x: u32) -> u32\n{\n    assert(x == x);\n    x\n}\n\n} // verus!\n';
const CARGO_TOML = '[package]\nname = "demo"\nversion = "0.1.0"\n';

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'apply-test-'));
  const git = simpleGit(repo);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'Test User').addConfig('user.email', 'test@example.com').addConfig('commit.gpgsign', 'false');
  await writeFile(join(repo, 'lib.rs'), ORIGINAL);
  await writeFile(join(repo, 'Cargo.toml'), CARGO_TOML);
  await writeFile(join(repo, 'notes.txt'), 'user file\n');
  await git.add(['lib.rs', 'Cargo.toml', 'notes.txt']);
  await git.commit('base');
});
afterEach(async () => rm(repo, { recursive: true, force: true }));

function record(result: 'failed' | 'verified', guard = 'accept', source = result === 'verified' ? VERIFIED_SOURCE : ORIGINAL.replace('    x\n', '    x + 0\n')): CandidateRecord {
  return {
    files: [{ path: 'lib.rs', bytes: new TextEncoder().encode(source) }, { path: 'Cargo.toml', bytes: new TextEncoder().encode(CARGO_TOML) }],
    summary: result,
    trailers: { proofResult: result, errorCounts: {}, verusVersion: null, toolchain: null, verifierArgs: [], model: null, feedbackLevel: null, iteration: 1, sample: 0, guard },
    note: { report: null, promptDigest: null, responseDigest: null, cassetteLines: null, tokens: null, wallTimeMs: null },
  };
}

async function runWith(...records: CandidateRecord[]): Promise<GitProofLedger> {
  const ledger = await GitProofLedger.open(repo);
  const run = await ledger.startRun('r1', (await simpleGit(repo).revparse(['HEAD'])).trim());
  for (const candidate of records) await ledger.recordCandidate(run, candidate);
  return ledger;
}

async function commitChange(file: string, text: string, message: string): Promise<void> {
  await writeFile(join(repo, file), text);
  await simpleGit(repo).add(file).commit(message);
}

/** Everything apply could touch: HEAD, the index and the working tree. */
async function repositoryState(): Promise<string> {
  const git = simpleGit(repo);
  const files = await Promise.all(['lib.rs', 'Cargo.toml', 'notes.txt'].map((file) => readFile(join(repo, file), 'utf8').catch(() => '<missing>')));
  return JSON.stringify([await git.revparse(['HEAD']), await git.raw(['ls-files', '--stage']), await git.raw(['status', '--porcelain']), files]);
}

describe('applyRun', () => {
  it('refuses a run without a verified candidate and leaves the tree alone', async () => {
    const ledger = await runWith(record('failed'));
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome.status).toBe('refused');
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe(ORIGINAL);
  });

  it('applies the verified candidate as one commit touching only the checked files', async () => {
    const ledger = await runWith(record('failed'), record('verified'));
    await writeFile(join(repo, 'notes.txt'), 'staged but not part of the proof\n');
    await simpleGit(repo).add('notes.txt');
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome).toMatchObject({ status: 'applied', files: ['lib.rs'], reverifyAdvice: null });
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe(VERIFIED_SOURCE);
    const head = await simpleGit(repo).raw(['show', '--name-only', '--format=%B', 'HEAD']);
    expect(head).toContain('Applied-From:');
    expect(head).not.toContain('notes.txt');
    expect((await simpleGit(repo).status()).staged).toEqual(['notes.txt']);
  });

  it('refuses unconfirmed spec changes and accepts them with confirmation', async () => {
    const withRequires = VERIFIED_SOURCE.replace('fn f(x: u32) -> u32\n', 'fn f(x: u32) -> u32\n    requires x < 10,\n');
    const ledger = await runWith(record('verified', 'accept; spec-change: f.requires', withRequires));
    expect((await applyRun(ledger, 'r1', { acceptSpecChange: false })).status).toBe('refused');
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: true });
    expect(outcome).toMatchObject({ status: 'applied', specChanges: ['f.requires'] });
  });

  it('refuses when the user has local changes to the files it would overwrite', async () => {
    const ledger = await runWith(record('verified'));
    await writeFile(join(repo, 'lib.rs'), 'my unsaved work\n');
    expect(await applyRun(ledger, 'r1', { acceptSpecChange: false })).toMatchObject({ status: 'refused' });
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe('my unsaved work\n');
  });
});

describe('applyRun merges the candidate\'s change into what HEAD has now', () => {
  it('keeps a function the user added to the same file after the run, and advises re-verification', async () => {
    const ledger = await runWith(record('verified'));
    const withG = ORIGINAL.replace('\n} // verus!', '\nfn g() {}\n\n} // verus!');
    await commitChange('lib.rs', withG, 'add g');
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome).toMatchObject({ status: 'applied', files: ['lib.rs'], reverifyAdvice: expect.stringContaining('verus-repair verify') });
    const merged = await readFile(join(repo, 'lib.rs'), 'utf8');
    expect(merged).toContain('fn g() {}');
    expect(merged).toContain('assert(x == x);');
    expect(await simpleGit(repo).show(['HEAD:lib.rs'])).toBe(merged);
    expect((await simpleGit(repo).status()).isClean()).toBe(true);
  });

  it('never reverts a later change to another checked file (a [features] table in Cargo.toml)', async () => {
    const ledger = await runWith(record('verified'));
    await commitChange('Cargo.toml', `${CARGO_TOML}\n[features]\nextra = []\n`, 'features');
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome).toMatchObject({ status: 'applied', files: ['lib.rs'] });
    expect(await simpleGit(repo).show(['HEAD:Cargo.toml'])).toContain('[features]');
    expect(await simpleGit(repo).show(['HEAD:lib.rs'])).toBe(VERIFIED_SOURCE);
  });

  it('applies onto another branch the same way', async () => {
    const ledger = await runWith(record('verified'));
    await simpleGit(repo).checkoutLocalBranch('feature');
    await commitChange('Cargo.toml', `${CARGO_TOML}\n[features]\nextra = []\n`, 'features on a branch');
    expect(await applyRun(ledger, 'r1', { acceptSpecChange: false })).toMatchObject({ status: 'applied' });
    expect((await simpleGit(repo).raw(['rev-parse', '--abbrev-ref', 'HEAD'])).trim()).toBe('feature');
    expect(await simpleGit(repo).show(['feature:Cargo.toml'])).toContain('[features]');
    expect(await simpleGit(repo).show(['feature:lib.rs'])).toBe(VERIFIED_SOURCE);
  });

  it('refuses a conflicting change, naming the file, and changes nothing', async () => {
    const ledger = await runWith(record('verified'));
    await commitChange('lib.rs', ORIGINAL.replace('{\n    x\n', '{\n    let y = x;\n    y\n'), 'rewrite f');
    const before = await repositoryState();
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome).toMatchObject({ status: 'refused', reason: expect.stringMatching(/conflict.*lib\.rs/) });
    expect(await repositoryState()).toBe(before);
  });

  it('refuses a merged result the guard rejects against HEAD', async () => {
    const ledger = await runWith(record('verified', 'accept', VERIFIED_SOURCE.replace('assert(x == x);', 'assume(false);')));
    const before = await repositoryState();
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome).toMatchObject({ status: 'refused', reason: expect.stringContaining('cheat-construct-added') });
    expect(await repositoryState()).toBe(before);
  });
});

describe('applyRun when git cannot commit', () => {
  it('reports a failing pre-commit hook with its output and leaves index and working tree as they were', async () => {
    const ledger = await runWith(record('verified'));
    const hooks = join(repo, 'test-hooks');
    await mkdir(hooks);
    await writeFile(join(hooks, 'pre-commit'), '#!/bin/sh\necho "lint: trailing whitespace in lib.rs"\nexit 1\n');
    await chmod(join(hooks, 'pre-commit'), 0o755);
    await simpleGit({ baseDir: repo, unsafe: { allowUnsafeHooksPath: true } }).addConfig('core.hooksPath', hooks);
    await writeFile(join(repo, 'notes.txt'), 'staged work\n');
    await simpleGit(repo).add('notes.txt');
    const before = await repositoryState();
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome).toMatchObject({ status: 'commit-failed', output: expect.stringContaining('lint: trailing whitespace in lib.rs') });
    expect(await repositoryState()).toBe(before);
  });

  it('refuses clearly while another git process holds the index lock, changing nothing', async () => {
    const ledger = await runWith(record('verified'));
    await writeFile(join(repo, '.git', 'index.lock'), '');
    const before = await repositoryState();
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome).toMatchObject({ status: 'refused', reason: expect.stringMatching(/another git process.*index\.lock/) });
    expect(await repositoryState()).toBe(before);
  });
});
