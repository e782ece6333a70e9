import { writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { createRepairWorld, type RepairWorld } from './repair/repair-world.js';
import { runCliInProcess } from './run-cli-in-process.js';
import { runCli } from './fakes/run-cli.js';

const STACK_TRACE = /\n\s+at /;
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup) await step();
  cleanup = [];
});

async function emptyRepository(): Promise<string> {
  const repo = await mkdtemp(path.join(tmpdir(), 'ledger-cli-'));
  cleanup.push(() => rm(repo, { recursive: true, force: true }));
  const git = simpleGit(repo);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'Test User').addConfig('user.email', 'test@example.com').addConfig('commit.gpgsign', 'false');
  await writeFile(path.join(repo, 'README.md'), 'hello\n');
  await git.add('README.md').commit('first');
  return repo;
}

describe('ledger commands on bad input', () => {
  it('audit --all says so when there are no runs', async () => {
    const repo = await emptyRepository();
    const result = await runCliInProcess('audit', '--all', '--repo', repo);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`no runs in ${repo}`);
  });

  it('log, audit and apply name a --repo that does not exist: exit 2, one line, no stack trace', async () => {
    for (const argv of [['log', '--repo', '/nonexistent'], ['audit', '--repo', '/nonexistent'], ['apply', 'r1', '--repo', '/nonexistent']]) {
      const result = await runCliInProcess(...argv);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('/nonexistent is not a directory');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('repair --resume refuses an unknown run and a malformed run id before building any path or ref from it', async () => {
    const repo = await emptyRepository();
    const unknown = await runCliInProcess('repair', repo, '--resume', 'no-such-run');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('no repair run "no-such-run"');
    expect(unknown.stderr).not.toMatch(STACK_TRACE);
    const escaping = await runCliInProcess('repair', repo, '--resume', '../../etc');
    expect(escaping.exitCode).toBe(2);
    expect(escaping.stderr).toContain('"../../etc" is not a run id');
    expect(escaping.stderr).not.toMatch(STACK_TRACE);
    expect(await simpleGit(repo).raw(['for-each-ref'])).not.toContain('etc');
  });
});

describe('.verus-repair in the way', () => {
  let world: RepairWorld | null = null;
  afterEach(async () => {
    await world?.close();
    world = null;
  });

  it('is a clear error when .verus-repair is a plain file', async () => {
    world = await createRepairWorld();
    writeFileSync(path.join(world.repoDir, '.verus-repair'), 'my notes\n');
    const result = await runCli(['repair', world.crateDir, '--iterations', '1'], world.environment);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`${path.join(world.repoDir, '.verus-repair')} exists but is not a directory`);
    expect(result.stderr).not.toMatch(STACK_TRACE);
  }, 60_000);
});
