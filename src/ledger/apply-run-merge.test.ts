import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../test/run-cli-in-process.js';
import { GitProofLedger } from './git-proof-ledger.js';

let repo: string;
const ORIGINAL = 'verus! {\n\nfn f(x: u32) -> u32\n{\n    x\n}\n\n} // verus!\n';
const VERIFIED = ORIGINAL.replace('{\n    x\n', '{\n    assert(x == x);\n    x\n');

// git status is quoted as git prints it; the C locale makes its words the ones asserted here.
const locale = process.env['LC_ALL'];
beforeAll(() => void (process.env['LC_ALL'] = 'C'));
afterAll(() => void (locale === undefined ? delete process.env['LC_ALL'] : (process.env['LC_ALL'] = locale)));

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'apply-merge-test-'));
  const git = simpleGit(repo);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'Test User').addConfig('user.email', 'test@example.com').addConfig('commit.gpgsign', 'false');
  await writeFile(join(repo, 'lib.rs'), ORIGINAL);
  await writeFile(join(repo, 'notes.txt'), 'base\n');
  await git.add(['lib.rs', 'notes.txt']).commit('base');
  const ledger = await GitProofLedger.open(repo);
  const run = await ledger.startRun('r1', (await git.revparse(['HEAD'])).trim());
  await ledger.recordCandidate(run, {
    files: [{ path: 'lib.rs', bytes: new TextEncoder().encode(VERIFIED) }],
    summary: 'verified',
    trailers: { proofResult: 'verified', errorCounts: {}, verusVersion: null, toolchain: null, verifierArgs: [], model: null, feedbackLevel: null, iteration: 1, sample: 0, guard: 'accept' },
    note: { report: null, promptDigest: null, responseDigest: null, cassetteLines: null, tokens: null, wallTimeMs: null },
  });
  // An unfinished merge: notes.txt conflicts, lib.rs (the file apply changes) does not.
  await git.checkoutLocalBranch('side');
  await writeFile(join(repo, 'notes.txt'), 'side\n');
  await git.add('notes.txt').commit('side');
  await git.checkout('main');
  await writeFile(join(repo, 'notes.txt'), 'main\n');
  await git.add('notes.txt').commit('main');
  await git.raw(['merge', 'side']).catch(() => undefined);
});
afterEach(async () => rm(repo, { recursive: true, force: true }));

async function repositoryState(): Promise<string> {
  const git = simpleGit(repo);
  return JSON.stringify([await git.revparse(['HEAD']), await git.raw(['ls-files', '--stage']), await git.raw(['status', '--porcelain']), await readFile(join(repo, 'lib.rs'), 'utf8')]);
}

describe('apply during an unfinished merge', () => {
  it("refuses before touching anything, with git's own account of the merge, exit 1", async () => {
    const before = await repositoryState();
    const conflicted = await runCliInProcess('apply', 'r1', '--repo', repo);
    expect(conflicted.exitCode).toBe(1);
    expect(conflicted.stderr).toContain(`verus-repair apply: refused: a merge is unfinished in ${repo} (MERGE_HEAD exists); git status says:\nYou have unmerged paths.\n  (fix conflicts and run "git commit")`);
    expect(conflicted.stderr).not.toContain('hook');
    expect(await repositoryState()).toBe(before);

    // Conflicts resolved but the merge not yet committed: still refused, in git's words for that state.
    await writeFile(join(repo, 'notes.txt'), 'main and side\n');
    await simpleGit(repo).add('notes.txt');
    const resolved = await runCliInProcess('apply', 'r1', '--repo', repo);
    expect(resolved.exitCode).toBe(1);
    expect(resolved.stderr).toContain('git status says:\nAll conflicts fixed but you are still merging.');
    expect((await simpleGit(repo).show(['HEAD:lib.rs']))).toBe(ORIGINAL);

    await simpleGit(repo).commit('merge side');
    const applied = await runCliInProcess('apply', 'r1', '--repo', repo);
    expect(applied.exitCode).toBe(0);
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe(VERIFIED);
  });
});
