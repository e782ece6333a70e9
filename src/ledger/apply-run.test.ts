import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRun } from './apply-run.js';
import { GitProofLedger, type CandidateRecord } from './git-proof-ledger.js';

let repo: string;
const VERIFIED_SOURCE = 'verus! { fn f() ensures true { } }\n';

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'apply-test-'));
  const git = simpleGit(repo);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'Test User').addConfig('user.email', 'test@example.com').addConfig('commit.gpgsign', 'false');
  await writeFile(join(repo, 'lib.rs'), 'verus! { fn f() { } }\n');
  await writeFile(join(repo, 'notes.txt'), 'user file\n');
  await git.add(['lib.rs', 'notes.txt']);
  await git.commit('base');
});
afterEach(async () => rm(repo, { recursive: true, force: true }));

function record(result: 'failed' | 'verified', guard = 'accept'): CandidateRecord {
  return {
    files: [{ path: 'lib.rs', bytes: new TextEncoder().encode(result === 'verified' ? VERIFIED_SOURCE : 'verus! { fn f() { 1; } }\n') }],
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

describe('applyRun', () => {
  it('refuses a run without a verified candidate and leaves the tree alone', async () => {
    const ledger = await runWith(record('failed'));
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome.status).toBe('refused');
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe('verus! { fn f() { } }\n');
  });

  it('applies the verified candidate as one commit touching only the checked files', async () => {
    const ledger = await runWith(record('failed'), record('verified'));
    await writeFile(join(repo, 'notes.txt'), 'staged but not part of the proof\n');
    await simpleGit(repo).add('notes.txt');
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: false });
    expect(outcome.status).toBe('applied');
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe(VERIFIED_SOURCE);
    const head = await simpleGit(repo).raw(['show', '--name-only', '--format=%B', 'HEAD']);
    expect(head).toContain('Applied-From:');
    expect(head).not.toContain('notes.txt');
    expect((await simpleGit(repo).status()).staged).toEqual(['notes.txt']);
  });

  it('refuses unconfirmed spec changes and accepts them with confirmation', async () => {
    const ledger = await runWith(record('verified', 'accept; spec-change: f.ensures'));
    expect((await applyRun(ledger, 'r1', { acceptSpecChange: false })).status).toBe('refused');
    const outcome = await applyRun(ledger, 'r1', { acceptSpecChange: true });
    expect(outcome).toMatchObject({ status: 'applied', specChanges: ['f.ensures'] });
  });

  it('refuses when the user has local changes to the files it would overwrite', async () => {
    const ledger = await runWith(record('verified'));
    await writeFile(join(repo, 'lib.rs'), 'my unsaved work\n');
    expect(await applyRun(ledger, 'r1', { acceptSpecChange: false })).toMatchObject({ status: 'refused' });
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe('my unsaved work\n');
  });
});
