import { mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditRun } from './audit-run.js';
import { auditRunHistory } from './audit-run-history.js';
import { GitProofLedger, type CandidateRecord, type RunWorkspace } from './git-proof-ledger.js';
import { LEDGER_NOTES_REF } from './ledger-note.js';

let repo: string;

async function makeRepo(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-test-'));
  const git = simpleGit(dir);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'Test User').addConfig('user.email', 'test@example.com').addConfig('commit.gpgsign', 'false');
  await writeFile(join(dir, 'lib.rs'), 'verus! { fn f() {} }\n');
  await git.add('lib.rs');
  await git.commit('base');
  return dir;
}

function candidate(text: string, result: 'failed' | 'verified', iteration: number): CandidateRecord {
  return {
    files: [{ path: 'lib.rs', bytes: new TextEncoder().encode(text) }],
    summary: `iteration ${iteration}: ${result}`,
    trailers: {
      proofResult: result, errorCounts: result === 'failed' ? { postcondition: 1 } : {}, verusVersion: '0.2026.06.07.cd03505',
      toolchain: 'pin:abc', verifierArgs: ['cargo', 'verus', 'verify'], model: 'test-model', feedbackLevel: 'generic',
      iteration, sample: 0, guard: 'accept',
    },
    note: { report: { diagnostics: [] }, promptDigest: 'p', responseDigest: 'r', cassetteLines: null, tokens: null, wallTimeMs: 5 },
  };
}

async function recordTwo(ledger: GitProofLedger): Promise<RunWorkspace> {
  const base = (await simpleGit(repo).revparse(['HEAD'])).trim();
  const run = await ledger.startRun('run-1', base);
  await ledger.recordCandidate(run, candidate('verus! { fn f() { let x = 1; } }\n', 'failed', 1));
  await ledger.recordCandidate(run, candidate('verus! { fn f() { } }\n// proof\n', 'verified', 2));
  return run;
}

beforeEach(async () => { repo = await makeRepo(); });
afterEach(async () => { await rm(repo, { recursive: true, force: true }); });

describe('GitProofLedger', () => {
  it('discards a run that recorded nothing (worktree, branch and refs), and never one that recorded a candidate', async () => {
    const ledger = await GitProofLedger.open(repo);
    const base = (await simpleGit(repo).revparse(['HEAD'])).trim();
    const empty = await ledger.startRun('run-empty', base);
    const kept = await recordTwo(ledger);
    expect(await ledger.discardRunIfEmpty('run-1')).toBe(false);
    expect(await ledger.discardRunIfEmpty('run-empty')).toBe(true);
    expect(await ledger.listRuns()).toEqual(['run-1']);
    expect(execFileSync('git', ['worktree', 'list', '--porcelain'], { cwd: repo, encoding: 'utf8' })).not.toContain(empty.worktreeDir);
    expect(execFileSync('git', ['for-each-ref', '--format=%(refname)'], { cwd: repo, encoding: 'utf8' })).not.toContain('run-empty');
    expect((await ledger.readRun(kept.runId)).length).toBe(2);
    expect(await ledger.discardRunIfEmpty('run-empty')).toBe(false);
  });

  it('records one commit per candidate with trailers and a note, leaving the user tree untouched', async () => {
    const before = await readFile(join(repo, 'lib.rs'), 'utf8');
    const ledger = await GitProofLedger.open(repo);
    await recordTwo(ledger);
    const commits = await ledger.readRun('run-1');
    expect(commits.map((commit) => commit.trailers.get('Proof-Result'))).toEqual(['failed', 'verified']);
    expect(commits[0]?.trailers.get('Errors')).toBe('postcondition=1');
    expect(commits[1]?.trailers.get('Iteration')).toBe('2');
    expect(commits[1]?.parent).toBe(commits[0]?.sha);
    expect(JSON.parse(commits[1]?.noteText ?? '{}').files).toEqual(['lib.rs']);
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe(before);
    expect((await simpleGit(repo).status()).isClean()).toBe(true);
    expect(await ledger.listRuns()).toEqual(['run-1']);
    expect(await auditRunHistory(commits, (sha, path) => ledger.readFileAt(sha, path))).toEqual([]);
  });

  it('audit detects an amended commit and an edited note', async () => {
    const ledger = await GitProofLedger.open(repo);
    const run = await recordTwo(ledger);
    const worktree = simpleGit(run.worktreeDir);
    const [first] = await ledger.readRun('run-1');
    await simpleGit(repo).raw(['notes', `--ref=${LEDGER_NOTES_REF}`, 'add', '-f', '-m', (first?.noteText ?? '').replace('"p"', '"forged"'), first?.sha ?? '']);
    await writeFile(join(run.worktreeDir, 'lib.rs'), 'verus! { fn f() { assume(false); } }\n');
    await worktree.add('lib.rs');
    await worktree.raw(['commit', '--amend', '--no-edit', '-q']);
    const findings = await auditRunHistory(await ledger.readRun('run-1'), (sha, path) => ledger.readFileAt(sha, path));
    expect(findings.map((finding) => finding.rule).sort()).toEqual(['missing-note', 'note-edited']);
  });

  it('audit detects a changed trailer through the note digest', async () => {
    const ledger = await GitProofLedger.open(repo);
    await recordTwo(ledger);
    const commits = await ledger.readRun('run-1');
    const forged = commits.map((commit, index) =>
      index === 0 ? { ...commit, trailers: new Map(commit.trailers).set('Proof-Result', 'verified') } : commit);
    const rules = (await auditRunHistory(forged, (sha, path) => ledger.readFileAt(sha, path))).map((finding) => finding.rule);
    expect(rules).toContain('trailer-mismatch');
  });

  it('audit checks Rlimit-Used against the functions the note lists', async () => {
    const ledger = await GitProofLedger.open(repo);
    const run = await ledger.startRun('run-1', (await simpleGit(repo).revparse(['HEAD'])).trim());
    const checked = candidate('verus! { fn f() { } }\n', 'verified', 1);
    const functions = [{ function: 'f', success: true, timeMs: 3.1, rlimit: 4100 }, { function: 'g', success: true, timeMs: 1, rlimit: 900 }];
    await ledger.recordCandidate(run, { ...checked, trailers: { ...checked.trailers, rlimitUsed: 5000 }, note: { ...checked.note, report: { diagnostics: [], functions } } });
    const commits = await ledger.readRun('run-1');
    expect(await auditRunHistory(commits, (sha, path) => ledger.readFileAt(sha, path))).toEqual([]);
    const forged = commits.map((commit) => ({ ...commit, trailers: new Map(commit.trailers).set('Rlimit-Used', '50') }));
    expect((await auditRunHistory(forged, (sha, path) => ledger.readFileAt(sha, path))).map((finding) => finding.message)).toContain('Rlimit-Used trailer differs from the functions in the note');
  });

  it('snapshots tracked changes and the untracked verification inputs, never other untracked files', async () => {
    await writeFile(join(repo, 'lib.rs'), 'verus! { fn f() { let y = 2; } }\n');
    await mkdir(join(repo, 'src'));
    await writeFile(join(repo, 'src', 'new.rs'), 'fn g() {}\n');
    await writeFile(join(repo, '.env'), 'OPENAI_API_KEY=sk-must-never-enter-the-ledger\n');
    // The run's lock is taken before its snapshot, in a repository that has never had a run.
    await mkdir(join(repo, '.verus-repair', 'runs', 'r'), { recursive: true });
    await writeFile(join(repo, '.verus-repair', 'runs', 'r', 'lock'), '{}');
    const ledger = await GitProofLedger.open(repo);
    const snapshot = await ledger.snapshotWorkingTree(['.'], ['lib.rs', 'src/new.rs']);
    expect(snapshot).toMatchObject({ snapshotted: true, leftOut: ['.env'] });
    expect(git('ls-tree', '-r', '--name-only', snapshot.commit).trim().split('\n')).toEqual(['lib.rs', 'src/new.rs']);
    expect((await simpleGit(repo).status()).not_added.sort()).toEqual(['.env', 'src/new.rs']);
  });

  it('reopens a run\'s worktree at its branch tip, dropping whatever a killed record left staged', async () => {
    const ledger = await GitProofLedger.open(repo);
    const run = await ledger.startRun('run-1', (await simpleGit(repo).revparse(['HEAD'])).trim());
    await ledger.recordCandidate(run, candidate('verus! { fn f() { let x = 1; } }\n', 'failed', 1));
    await writeFile(join(run.worktreeDir, 'stray.rs'), 'fn stray() {}\n');
    await simpleGit(run.worktreeDir).add('stray.rs');
    const reopened = await ledger.reopenRun('run-1');
    const sha = await ledger.recordCandidate(reopened, candidate('verus! { fn f() { } }\n// proof\n', 'verified', 2));
    expect(git('ls-tree', '-r', '--name-only', sha).trim().split('\n')).toEqual(['lib.rs']);
  });

  it('never shows a branch commit without its note: a failed note write leaves the branch where it was', async () => {
    const ledger = await GitProofLedger.open(repo);
    const run = await ledger.startRun('run-1', (await simpleGit(repo).revparse(['HEAD'])).trim());
    await ledger.recordCandidate(run, candidate('verus! { fn f() { let x = 1; } }\n', 'failed', 1));
    // A held notes ref makes `git notes add` fail, as a kill between the commit and its note would.
    const lock = join(repo, '.git', 'refs', 'notes', 'verus-repair.lock');
    await writeFile(lock, '');
    await expect(ledger.recordCandidate(run, candidate('verus! { fn f() { } }\n// proof\n', 'verified', 2))).rejects.toThrow();
    await rm(lock);
    const { commits, findings } = await auditRun(ledger, 'run-1');
    expect(commits.map((commit) => commit.trailers.get('Proof-Result'))).toEqual(['failed']);
    expect(findings).toEqual([]);
    await ledger.recordCandidate(run, candidate('verus! { fn f() { } }\n// proof\n', 'verified', 2));
    expect((await auditRun(ledger, 'run-1')).findings).toEqual([]);
  });

  it('audit reports recorded commits missing from a rewound or truncated branch', async () => {
    const ledger = await GitProofLedger.open(repo);
    await recordTwo(ledger);
    const base = (await simpleGit(repo).revparse(['HEAD'])).trim();
    const [first] = await ledger.readRun('run-1');
    git('update-ref', 'refs/heads/verus-repair/run-1', first?.sha ?? '');
    const truncated = await auditRun(ledger, 'run-1');
    expect(truncated.findings).toEqual([expect.objectContaining({ rule: 'missing-commits', message: expect.stringContaining('1 of 2 recorded candidate commits') })]);
    expect(truncated.findings[0]?.message).toContain('a verified one');
    git('update-ref', 'refs/heads/verus-repair/run-1', base);
    const rewound = await auditRun(ledger, 'run-1');
    expect(rewound.commits).toEqual([]);
    expect(rewound.findings.map((finding) => finding.rule)).toEqual(['missing-commits']);
    git('update-ref', '-d', 'refs/heads/verus-repair/run-1');
    expect(await ledger.listRuns()).toEqual(['run-1']);
    expect((await auditRun(ledger, 'run-1')).findings.map((finding) => finding.rule)).toEqual(['missing-commits']);
  });
});

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
}
