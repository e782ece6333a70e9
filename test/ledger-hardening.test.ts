import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN, REFERENCE, createRepairWorld, editorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { runCliInProcess } from './run-cli-in-process.js';
import { runCli, startCli } from './fakes/run-cli.js';
import { GitProofLedger } from '../src/ledger/git-proof-ledger.js';
import { reverifyRun } from '../src/repair/reverify/reverify-run.js';
import { loadVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { createVerifier } from '../src/verification/create-verifier.js';

const BOM = '\uFEFF';
let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the run base holds only what verification reads', () => {
  it('leaves an untracked .env out of the ledger and says so in the run header', async () => {
    world = await createRepairWorld();
    writeFileSync(path.join(world.crateDir, '.env'), 'OPENAI_API_KEY=sk-secret-must-not-be-committed\n');
    writeFileSync(path.join(world.crateDir, 'src', 'lib.rs'), `${BROKEN}// work in progress\n`);
    world.server.script(editorReply([REFERENCE]));
    const { events } = await runRepairInWorld(world, { iterations: 1 });
    expect(events[0]).toMatchObject({ type: 'run-started', untrackedLeftOut: ['binary-search/.env'] });
    const git = simpleGit(world.repoDir);
    const everything = await git.raw(['log', '--format=%H', '--all']);
    for (const commit of everything.trim().split('\n')) {
      expect(await git.raw(['ls-tree', '-r', '--name-only', commit])).not.toContain('.env');
    }
    expect(await git.show(['refs/verus-repair/base/e2e-run:binary-search/src/lib.rs'])).toContain('// work in progress');
  });
});

describe('byte order marks', () => {
  it('keeps a UTF-8 BOM in the baseline and in every recorded candidate', async () => {
    world = await createRepairWorld();
    writeFileSync(path.join(world.crateDir, 'src', 'lib.rs'), `${BOM}${BROKEN}`);
    await simpleGit(world.repoDir).add('.').commit('with a byte order mark');
    world.server.script(editorReply([REFERENCE]));
    const { outcome } = await runRepairInWorld(world, { houdiniRounds: 0 });
    expect(outcome.outcome).toBe('verified');
    const ledger = await GitProofLedger.open(world.repoDir);
    const commits = await ledger.readRun('e2e-run');
    expect(commits).toHaveLength(2);
    for (const commit of commits) {
      const bytes = await ledger.readFileAt(commit.sha, 'binary-search/src/lib.rs');
      expect([...(bytes ?? []).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    }
    expect(Buffer.from((await ledger.readFileAt(commits[0]?.sha ?? '', 'binary-search/src/lib.rs')) ?? []).equals(readFileSync(path.join(world.crateDir, 'src', 'lib.rs')))).toBe(true);
  });
});

describe('one writer per run', () => {
  it('refuses --resume while the run is still running, naming its pid, and frees the run on SIGINT', async () => {
    world = await createRepairWorld();
    world.server.script({ kind: 'hang' });
    const child = startCli(['repair', world.crateDir, '--iterations', '2'], world.environment);
    const ledger = await GitProofLedger.open(world.repoDir);
    await waitFor(async () => world !== null && world.server.requests.length >= 1 && (await ledger.listRuns()).length === 1);
    const [runId] = await ledger.listRuns();
    const second = await runCli(['repair', world.crateDir, '--resume', runId ?? ''], world.environment);
    expect(second.stderr).toContain('is in use by process');
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toContain(`is in use by process ${child.pid}`);
    expect(second.stderr).not.toMatch(/\n\s+at /);
    const lock = path.join(world.repoDir, '.verus-repair', 'runs', runId ?? '', 'lock');
    expect(existsSync(lock)).toBe(true);
    child.kill('SIGINT');
    await child;
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});

describe('resume repairs a candidate recorded without its note', () => {
  it('takes the noteless tip off the branch, checks it again and records it with a note', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]));
    await runRepairInWorld(world, { houdiniRounds: 0 });
    const git = simpleGit(world.repoDir);
    const tip = (await git.revparse(['verus-repair/e2e-run'])).trim();
    // What a kill between `git commit` and `git notes add` left behind (before they were ordered).
    await git.raw(['notes', '--ref=refs/notes/verus-repair', 'remove', tip]);
    await git.raw(['update-ref', '-d', 'refs/verus-repair/recorded/e2e-run']);
    expect((await runCliInProcess('audit', '--repo', world.repoDir, 'e2e-run')).exitCode).toBe(1);
    const resumed = await runCli(['repair', world.crateDir, '--resume', 'e2e-run'], world.environment);
    expect(resumed.stdout).toContain('VERIFIED');
    expect(resumed.exitCode).toBe(0);
    const ledger = await GitProofLedger.open(world.repoDir);
    const commits = await ledger.readRun('e2e-run');
    expect(commits.map((commit) => [commit.trailers.get('Iteration'), commit.trailers.get('Proof-Result'), commit.noteText !== null])).toEqual([['0', 'failed', true], ['1', 'verified', true]]);
    expect(commits[1]?.sha).not.toBe(tip);
    expect(commits[1]?.message).toContain('re-checked on resume');
    const audit = await runCliInProcess('audit', '--repo', world.repoDir, 'e2e-run');
    expect(audit.stdout).toContain('audit passed');
    expect(audit.exitCode).toBe(0);
    expect((await runCliInProcess('apply', '--repo', world.repoDir, 'e2e-run')).exitCode).toBe(0);
  }, 120_000);
});

describe('apply merges the verified change into what the user committed since', () => {
  it('keeps a new function in src/lib.rs and a [features] table in Cargo.toml committed after the run', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]));
    expect((await runRepairInWorld(world, { houdiniRounds: 0 })).outcome.outcome).toBe('verified');
    const git = simpleGit(world.repoDir);
    const lib = path.join(world.crateDir, 'src', 'lib.rs');
    const later = `${readFileSync(lib, 'utf8')}\npub fn added_later() -> u32 {\n    7\n}\n`;
    writeFileSync(lib, later);
    const manifest = path.join(world.crateDir, 'Cargo.toml');
    writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}\n[features]\nextra = []\n`);
    await git.add('.').commit('unrelated work after the run');
    const apply = await runCliInProcess('apply', '--repo', world.repoDir, 'e2e-run');
    expect(apply.stderr).toBe('');
    expect(apply.exitCode).toBe(0);
    expect(apply.stdout).toContain('run `verus-repair verify binary-search`');
    const applied = await git.show(['HEAD:binary-search/src/lib.rs']);
    expect(applied).toContain('pub fn added_later()');
    expect(applied).toContain('sorted(v@),');
    expect(await git.show(['HEAD:binary-search/Cargo.toml'])).toContain('[features]');
    expect(await git.raw(['show', '--name-only', '--format=', 'HEAD'])).toBe('binary-search/src/lib.rs\n');
    expect((await git.status()).isClean()).toBe(true);
  }, 120_000);
});

describe('audit --reverify without a verifier', () => {
  it('reports the verifier as unavailable, not as a changed verdict', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]));
    await runRepairInWorld(world, { houdiniRounds: 0 });
    const ledger = await GitProofLedger.open(world.repoDir);
    const { config } = await loadVerifierConfig(world.repoDir);
    const verifier = await createVerifier(config, { PATH: path.join(world.repoDir, 'no-tools-here'), HOME: world.environment['HOME'] });
    const options = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 60_000, extraVerusArgs: [] };
    const { findings } = await reverifyRun(ledger, 'e2e-run', verifier, options);
    expect(findings).toEqual([expect.objectContaining({ rule: 'verifier-unavailable', message: expect.stringContaining('could not re-verify') })]);
    const audit = await runCli(['audit', '--reverify', '--repo', world.repoDir, 'e2e-run'], { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: world.environment['HOME'] });
    expect(audit.stdout).toContain('verifier-unavailable: could not re-verify');
    expect(audit.stdout).not.toContain('reverify-mismatch');
    expect(audit.exitCode).toBe(1);
  }, 120_000);
});
