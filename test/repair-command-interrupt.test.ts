import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { GitProofLedger } from '../src/ledger/git-proof-ledger.js';
import { isProcessAlive, readMarkerProcess } from './fakes/fake-environment.js';
import { runCli, startCli } from './fakes/run-cli.js';
import { createRepairWorld, editorReply, REFERENCE, type RepairWorld } from './repair/repair-world.js';

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/**
 * Makes the fake cargo-verus hang (after spawning a marker-writing child) on the repaired source
 * (invocation 0) or on the broken original (invocation 1); returns the original scenario.
 */
function hangOn(scenarioDir: string, which: 0 | 1): string {
  const file = path.join(scenarioDir, 'scenario.json');
  const original = readFileSync(file, 'utf8');
  const scenario = JSON.parse(original) as { invocations: Array<Record<string, unknown>> };
  const { stdout: _stdout, stderr: _stderr, exitCode: _exitCode, ...rest } = scenario.invocations[which] ?? {};
  scenario.invocations[which] = { ...rest, hang: true, spawnMarkerChildAfterMs: 1500 };
  writeFileSync(file, JSON.stringify(scenario));
  return original;
}

describe('verus-repair repair: Ctrl-C', () => {
  it.each([
    ['to node', false],
    ['to the process group, as a terminal sends it', true],
  ])('Ctrl-C %s stops the verifier process tree, records nothing half-checked, says how to resume, exits 130; the run then resumes', async (_, toGroup) => {
    world = await createRepairWorld();
    const original = hangOn(world.scenarioDir, 0);
    world.server.script(editorReply([REFERENCE]));
    const child = startCli(['repair', world.crateDir, '--iterations', '2', '--houdini-rounds', '0', '--json'], world.environment, undefined, { detached: toGroup });
    const marker = String(world.environment['VERUS_REPAIR_FAKE_MARKER']);
    for (let attempt = 0; attempt < 600 && !existsSync(`${marker}.pid`); attempt += 1) await sleep(100);
    const grandchild = readMarkerProcess(`${marker}.pid`);
    if (toGroup) process.kill(-(child.pid ?? 0), 'SIGINT');
    else child.kill('SIGINT');
    const result = await child;
    const stderr = String(result.stderr);
    expect(result.exitCode).toBe(130);

    const events = String(result.stdout).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const runId = String(events[0]?.['runId']);
    expect(events.at(-1)).toEqual({ type: 'run-finished', runId, outcome: 'error', exitCode: 130, error: { kind: 'InterruptedError', message: expect.stringContaining('interrupted') } });
    expect(stderr).toContain('verus-repair: interrupted; the verifier process tree was stopped and the candidate in flight was not recorded');
    expect(stderr).toContain(`resume with: verus-repair repair ${world.crateDir} --resume ${runId}`);
    expect(stderr).toContain(`the run's worktree stays at ${path.join(world.repoDir, '.verus-repair', 'worktrees', runId)}`);
    expect(stderr).not.toMatch(/\n\s+at /);

    await sleep(1800);
    expect(existsSync(marker)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
    const ledger = await GitProofLedger.open(world.repoDir);
    expect((await ledger.readRun(runId)).map((commit) => [commit.trailers.get('Iteration'), commit.trailers.get('Proof-Result')])).toEqual([['0', 'failed']]);

    writeFileSync(path.join(world.scenarioDir, 'scenario.json'), original);
    world.server.script(editorReply([REFERENCE]));
    const resumed = await runCli(['repair', world.crateDir, '--resume', runId], world.environment);
    expect(resumed.exitCode).toBe(0);
    expect((await ledger.readRun(runId)).map((commit) => [commit.trailers.get('Iteration'), commit.trailers.get('Proof-Result')])).toEqual([['0', 'failed'], ['1', 'verified']]);
  }, 120_000);

  it('while the original is being checked, records nothing, removes the empty run and says to start again', async () => {
    world = await createRepairWorld();
    hangOn(world.scenarioDir, 1);
    const child = startCli(['repair', world.crateDir, '--iterations', '1'], world.environment);
    const marker = String(world.environment['VERUS_REPAIR_FAKE_MARKER']);
    for (let attempt = 0; attempt < 600 && !existsSync(`${marker}.pid`); attempt += 1) await sleep(100);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    const ledger = await GitProofLedger.open(world.repoDir);
    expect(String(result.stderr)).toMatch(new RegExp(`run \\S+ was stopped before its original was checked; it recorded nothing and its branch and worktree were removed; start again with: verus-repair repair ${world.crateDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(String(result.stderr)).not.toContain('--resume');
    // No empty run is left for log and audit to show as the latest.
    expect(await ledger.listRuns()).toEqual([]);
    expect(readdirSync(path.join(world.repoDir, '.verus-repair', 'worktrees'))).toEqual([]);
    expect(execFileSync('git', ['for-each-ref', 'refs/verus-repair', 'refs/heads/verus-repair'], { cwd: world.repoDir, encoding: 'utf8' })).toBe('');
    expect(world.server.requests).toHaveLength(0);
  }, 120_000);
});
