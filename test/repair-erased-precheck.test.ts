import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN, REFERENCE, createRepairWorld, editorReply, ledgerMessages, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { createProgressRenderer } from '../src/repair/report/render-repair-progress.js';

// Heads of public Verus files: a companion crate the crate's Cargo.toml lacks (cargo verus supplies it), a ghost-only vstd import.
const EXTERN = 'extern crate verus_builtin_macros;\n';
const GHOST_IMPORT = 'use vstd::math::abs;\n';

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** The source with `head` after its `use vstd::prelude::*;` (the fixture starts with inner doc comments, which must come first). */
const withHead = (head: string, source: string) => source.replace('use vstd::prelude::*;\n', `use vstd::prelude::*;\n${head}`);

async function commitOriginal(source: string): Promise<void> {
  writeFileSync(path.join(world!.crateDir, 'src', 'lib.rs'), source);
  await simpleGit(world!.repoDir).add('.').then(() => simpleGit(world!.repoDir).commit('a file as a public suite writes it'));
}

function printProgress(events: Parameters<ReturnType<typeof createProgressRenderer>['sink']>[0][]): string {
  let printed = '';
  const progress = createProgressRenderer({ isTTY: false, write: (chunk: string) => ((printed += chunk), true) } as unknown as NodeJS.WriteStream);
  events.forEach(progress.sink);
  progress.stop();
  return printed;
}

const stagesOf = (events: Awaited<ReturnType<typeof runRepairInWorld>>['events'], iteration: number) => events.filter((event) => event.type === 'candidate-stage' && event.iteration === iteration).map((event) => event.type === 'candidate-stage' && event.stage);

describe('repair and the erasure-aware pre-check (fake model and cargo-verus, real cargo)', () => {
  it('fixes the erased copy when Cargo.toml lacks a companion crate: every candidate is pre-checked, the fix recorded', async () => {
    world = await createRepairWorld();
    await commitOriginal(withHead(EXTERN, BROKEN));
    world.server.script(editorReply([withHead(EXTERN, REFERENCE)]));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, houdiniRounds: 0 });
    expect(outcome.outcome, outcome.stopReason).toBe('verified');
    expect(events.find((event) => event.type === 'baseline')).toMatchObject({ result: 'failed', precheck: expect.stringMatching(/^passed after fixes to the erased copy .*Cargo\.toml: added verus_builtin_macros = "=0\.0\.0-2026-05-31-0205"/) });
    expect(printProgress(events).match(/^ {2}erased pre-check of the original: passed after fixes to the erased copy/gm)).toHaveLength(1);
    expect(stagesOf(events, 1)).toEqual(['guard', 'precheck', 'verify']);
    const [original, candidate] = await ledgerMessages(world.repoDir, 'e2e-run');
    expect(original).toMatch(/^Precheck: passed after fixes to the erased copy .*verus_builtin_macros/m);
    expect(candidate).toMatch(/^Proof-Result: verified$/m);
    expect(candidate).toMatch(/^Precheck: passed after fixes to the erased copy/m);
    // The user's manifest is untouched: the fix was made to the pre-check's private copy.
    expect(readFileSync(path.join(world.crateDir, 'Cargo.toml'), 'utf8')).not.toContain('verus_builtin_macros');
  }, 300_000);

  it('lets Verus run when erasure explains the original\'s errors (not applicable), said once and recorded', async () => {
    world = await createRepairWorld();
    await commitOriginal(withHead(GHOST_IMPORT, BROKEN));
    world.server.script(editorReply([withHead(GHOST_IMPORT, REFERENCE)]));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, houdiniRounds: 0 });
    expect(outcome.outcome, outcome.stopReason).toBe('verified');
    expect(printProgress(events)).toMatch(/^ {2}erased pre-check of the original: not applicable \(src\/lib\.rs:\d+: vstd::math::abs is a spec fn.*\); Verus runs$/m);
    expect(stagesOf(events, 1)).toEqual(['guard', 'precheck', 'verify']);
    expect(world.verifierCalls()).toBe(2);
    const [original, candidate] = await ledgerMessages(world.repoDir, 'e2e-run');
    expect(original).toMatch(/^Proof-Result: failed$/m);
    expect(original).toMatch(/^Precheck: not applicable \(.*vstd::math::abs.*\); Verus runs$/m);
    expect(candidate).toMatch(/^Precheck: not applicable/m);
  }, 300_000);

  it('never lets a type error in exec code through, though the verifier would verify the file', async () => {
    world = await createRepairWorld();
    // REFERENCE holds the fix the fake verifier answers `verified` for; the added line is an E0308.
    await commitOriginal(withHead(GHOST_IMPORT, REFERENCE.replace('    let mut lo: usize = 0;\n', '    let flag: bool = key;\n    let mut lo: usize = 0;\n')));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, houdiniRounds: 0 });
    expect(outcome.outcome).toBe('not-verified');
    expect(outcome.stopReason).toMatch(/^the original fails the erased pre-check \(src\/lib\.rs:\d+: E0308 mismatched types.*\); fix that first$/);
    expect(events.find((event) => event.type === 'baseline')).toMatchObject({ result: 'precheck-failed' });
    expect(world.verifierCalls()).toBe(0);
  }, 300_000);

  it('keeps the plain pre-check when the original passes it (no Precheck trailer)', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, houdiniRounds: 0 });
    expect(outcome.outcome).toBe('verified');
    expect(events.find((event) => event.type === 'baseline')).toMatchObject({ result: 'failed', precheck: null });
    expect(stagesOf(events, 1)).toEqual(['guard', 'precheck', 'verify']);
    expect((await ledgerMessages(world.repoDir, 'e2e-run')).join('\n')).not.toMatch(/^Precheck:/m);
  }, 300_000);
});
