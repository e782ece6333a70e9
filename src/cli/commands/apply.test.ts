import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitProofLedger } from '../../ledger/git-proof-ledger.js';
import { runCliInProcess } from '../../../test/run-cli-in-process.js';

let repo: string;
const ORIGINAL = 'verus! {\n\nfn f(x: u32) -> u32\n{\n    x\n}\n\n} // verus!\n';
const VERIFIED = ORIGINAL.replace('{\n    x\n', '{\n    assert(x == x);\n    x\n');

beforeEach(async () => {
  repo = await mkdtemp(join(tmpdir(), 'apply-command-test-'));
  const git = simpleGit(repo);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'Test User').addConfig('user.email', 'test@example.com').addConfig('commit.gpgsign', 'false');
  await writeFile(join(repo, 'lib.rs'), ORIGINAL);
  await git.add('lib.rs').commit('base');
  const ledger = await GitProofLedger.open(repo);
  const run = await ledger.startRun('r1', (await git.revparse(['HEAD'])).trim());
  await ledger.recordCandidate(run, {
    files: [{ path: 'lib.rs', bytes: new TextEncoder().encode(VERIFIED) }],
    summary: 'verified',
    trailers: { proofResult: 'verified', errorCounts: {}, verusVersion: null, toolchain: null, verifierArgs: [], model: null, feedbackLevel: null, iteration: 1, sample: 0, guard: 'accept' },
    note: { report: null, promptDigest: null, responseDigest: null, cassetteLines: null, tokens: null, wallTimeMs: null },
  });
});
afterEach(async () => rm(repo, { recursive: true, force: true }));

describe('verus-repair apply', () => {
  it('reports a failing pre-commit hook with its output, exits 1 and claims no commit', async () => {
    const hooks = join(repo, 'test-hooks');
    await mkdir(hooks);
    await writeFile(join(hooks, 'pre-commit'), '#!/bin/sh\necho "lint: lib.rs is not formatted" >&2\nexit 1\n');
    await chmod(join(hooks, 'pre-commit'), 0o755);
    await simpleGit({ baseDir: repo, unsafe: { allowUnsafeHooksPath: true } }).addConfig('core.hooksPath', hooks);
    const head = (await simpleGit(repo).revparse(['HEAD'])).trim();
    const result = await runCliInProcess('apply', '--repo', repo, 'r1');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).not.toContain('applied');
    expect(result.stderr).toContain('lint: lib.rs is not formatted');
    expect((await simpleGit(repo).revparse(['HEAD'])).trim()).toBe(head);
    expect((await simpleGit(repo).status()).files.filter((file) => file.path !== 'test-hooks/pre-commit')).toEqual([]);
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe(ORIGINAL);
  });

  it('refuses with a clear message while .git/index.lock exists, with no stack trace', async () => {
    await writeFile(join(repo, '.git', 'index.lock'), '');
    const result = await runCliInProcess('apply', '--repo', repo, 'r1');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('another git process');
    expect(result.stderr).toContain('remove that stale lock file');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(join(repo, 'lib.rs'), 'utf8')).toBe(ORIGINAL);
  });

  it('says when the merged result should be verified again', async () => {
    await writeFile(join(repo, 'lib.rs'), ORIGINAL.replace('\n} // verus!', '\nfn g() {}\n\n} // verus!'));
    await simpleGit(repo).add('lib.rs').commit('add g');
    const result = await runCliInProcess('apply', '--repo', repo, 'r1');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^applied lib\.rs from [0-9a-f]{10} as commit [0-9a-f]{10}\nnote: HEAD changed lib\.rs since the run's base.*run `verus-repair verify \.`/);
  });
});
