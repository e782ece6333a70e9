import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { GitProofLedger } from '../src/ledger/git-proof-ledger.js';
import { reverifyRun } from '../src/repair/reverify/reverify-run.js';
import { loadVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { createVerifier } from '../src/verification/create-verifier.js';
import { BROKEN, REFERENCE, createRepairWorld, editorReply, instructorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const WEAK = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(),\n');

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

function invocationsOf(world: RepairWorld): string[][] {
  const log = path.join(world.scenarioDir, '..', 'invocations.jsonl');
  return readFileSync(log, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { argv: string[] }).argv);
}

describe('repair with scope = "focused" (fake cargo-verus checking selectors as Verus does, real git and cargo)', () => {
  it('focuses each candidate on the function it changed, confirms a focused pass on the whole crate, records both, and audit --reverify re-runs the crate', async () => {
    world = await createRepairWorld({ scope: 'focused' });
    world.server.script(editorReply([WEAK]), instructorReply(), editorReply([REFERENCE]));
    const { outcome } = await runRepairInWorld(world, { houdiniRounds: 0 });
    expect(outcome.outcome).toBe('verified');
    const calls = invocationsOf(world);
    // baseline (nothing changed: the crate), WEAK (focus fails), REFERENCE (focus passes, then the crate confirms)
    expect(calls.map((argv) => argv[1])).toEqual(['verify', 'focus', 'focus', 'verify']);
    expect(calls[1]?.slice(-3)).toEqual(['--verify-root', '--verify-function', 'binary_search']);
    expect(calls[3]?.some((argument) => argument.startsWith('--verify-'))).toBe(false);

    const log = await simpleGit(world.repoDir).raw(['log', '--reverse', '--format=%B%x1e', 'verus-repair/e2e-run']);
    const messages = log.split('\x1e').map((entry) => entry.trim()).filter((entry) => entry.includes('Run-Id: e2e-run'));
    expect(messages.map((message) => /Proof-Result: (\S+)/.exec(message)?.[1])).toEqual(['failed', 'failed', 'verified']);
    expect(messages[0]).toMatch(/^Verify-Scope: crate$/m);
    expect(messages[1]).toMatch(/^Verify-Scope: focused binary_search$/m);
    expect(messages[1]).not.toMatch(/^Confirmed:/m);
    expect(messages[2]).toMatch(/^Verify-Scope: focused binary_search$/m);
    expect(messages[2]).toMatch(/^Confirmed: crate$/m);
    expect(messages[2]).toMatch(/^Verifier-Args: \["cargo","verus","verify"/m);
    const notes = await simpleGit(world.repoDir).raw(['log', '--notes=verus-repair', '--format=%N', 'verus-repair/e2e-run']);
    const scopes = notes.split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { report: { scope: unknown } }).report.scope);
    expect(scopes[0]).toMatchObject({ kind: 'focused', functions: ['binary_search'], focused: [{ status: 'verified' }], confirmation: { status: 'verified' } });
    expect(scopes[2]).toMatchObject({ kind: 'crate', reason: expect.stringContaining('nothing to focus on') });

    const { config } = await loadVerifierConfig(world.repoDir);
    const ledger = await GitProofLedger.open(world.repoDir);
    const before = invocationsOf(world).length;
    const audit = await reverifyRun(ledger, 'e2e-run', await createVerifier(config, world.environment), { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 60_000, extraVerusArgs: [], scope: 'focused' });
    expect(audit).toEqual({ checked: 1, findings: [], stability: [] });
    expect(invocationsOf(world).slice(before).map((argv) => argv[1])).toEqual(['verify']);
  });

  it('verifies every candidate on the whole crate with --scope crate', async () => {
    world = await createRepairWorld({ scope: 'focused' });
    world.server.script(editorReply([REFERENCE]));
    const { outcome } = await runRepairInWorld(world, { houdiniRounds: 0, scope: 'crate' });
    expect(outcome.outcome).toBe('verified');
    expect(invocationsOf(world).map((argv) => argv[1])).toEqual(['verify', 'verify']);
    const log = await simpleGit(world.repoDir).raw(['log', '-1', '--format=%B', 'verus-repair/e2e-run']);
    expect(log).toMatch(/^Verify-Scope: crate$/m);
  });
});
