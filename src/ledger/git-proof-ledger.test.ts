import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
});
