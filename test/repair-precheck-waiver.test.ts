import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN, REFERENCE, createRepairWorld, editorReply, ledgerMessages, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { createProgressRenderer } from '../src/report/render-repair-progress.js';

// The head of many VeruSAGE-Bench files. Verus provides the crate; the crate's Cargo.toml does not, so plain cargo fails.
const EXTERN = 'extern crate verus_builtin_macros;\n';

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('repair when the original fails the erased pre-check but Verus checks it (fake model and cargo-verus, real cargo)', () => {
  it('goes on without the pre-check: said once, recorded as a Precheck trailer, candidates go straight to Verus', async () => {
    world = await createRepairWorld();
    writeFileSync(path.join(world.crateDir, 'src', 'lib.rs'), `${EXTERN}${BROKEN}`);
    await simpleGit(world.repoDir).add('.').then(() => simpleGit(world!.repoDir).commit('a file as VeruSAGE-Bench writes it'));
    // The candidate keeps the extern crate line, so its erased build fails exactly as the original's does.
    world.server.script(editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, houdiniRounds: 0 });

    expect(outcome.outcome, outcome.stopReason).toBe('verified');
    const baseline = events.find((event) => event.type === 'baseline');
    expect(baseline).toMatchObject({ result: 'failed', precheckWaiver: { firstError: expect.stringContaining('verus_builtin_macros') } });
    expect(events.filter((event) => event.type === 'baseline')).toHaveLength(1);
    let printed = '';
    const progress = createProgressRenderer({ isTTY: false, write: (chunk: string) => ((printed += chunk), true) } as unknown as NodeJS.WriteStream);
    events.forEach(progress.sink);
    progress.stop();
    expect(printed.match(/^ {2}erased pre-check: skipped for this run; the original fails it \(.*verus_builtin_macros.*\) but Verus checks it, so candidates go straight to Verus$/gm)).toHaveLength(1);
    // The candidate never reached cargo: no pre-check stage, straight to Verus.
    expect(events.filter((event) => event.type === 'candidate-stage' && event.iteration === 1).map((event) => event.type === 'candidate-stage' && event.stage)).toEqual(['guard', 'verify']);
    expect(world.verifierCalls()).toBe(2);
    const [original, candidate] = await ledgerMessages(world.repoDir, 'e2e-run');
    expect(original).toMatch(/^Proof-Result: failed$/m);
    expect(original).toMatch(/^Precheck: failed \(.*verus_builtin_macros.*\)$/m);
    expect(candidate).toMatch(/^Proof-Result: verified$/m);
    expect(candidate).toMatch(/^Precheck: skipped \(.*verus_builtin_macros.*\)$/m);
  }, 300_000);

  it('keeps the pre-check for candidates when the original passes it (no Precheck trailer)', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, houdiniRounds: 0 });
    expect(outcome.outcome).toBe('verified');
    expect(events.find((event) => event.type === 'baseline')).toMatchObject({ result: 'failed', precheckWaiver: null });
    expect(events.filter((event) => event.type === 'candidate-stage' && event.iteration === 1).map((event) => event.type === 'candidate-stage' && event.stage)).toEqual(['guard', 'precheck', 'verify']);
    expect((await ledgerMessages(world.repoDir, 'e2e-run')).join('\n')).not.toMatch(/^Precheck:/m);
  }, 300_000);
});
