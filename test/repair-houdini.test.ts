import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN, REFERENCE, binarySearchFunction, createRepairWorld, editorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { buildSyntheticVerusOutput } from './demo/synthetic-verus-output.js';
import { GitProofLedger } from '../src/ledger/git-proof-ledger.js';

// The model's candidate is the reference fix plus one invariant that does not hold before the loop (an empty
// vector). Houdini pruning must drop exactly that invariant, and the pruned candidate (the reference) verifies.
const FIX = '            sorted(v@),\n';
const BOGUS = '            v.len() > 0,\n';
const CANDIDATE = REFERENCE.replace(FIX, `${FIX}${BOGUS}`);
// The file the repair checks: the broken file with the editor's binary_search put in.
const CHECKED = BROKEN.replace(binarySearchFunction(BROKEN), binarySearchFunction(CANDIDATE));

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/**
 * Rewrites the world's fake cargo-verus scenario (synthetic outputs): a source holding the bogus invariant
 * fails on it, with spans computed on the checked candidate; one holding the fix and not the bogus
 * invariant verifies; anything else fails. The first matching invocation answers.
 */
function scriptVerifier(target: RepairWorld): void {
  const outputs = {
    bogus: buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: CHECKED, functions: [{ name: 'binary_search', success: false }], errors: [{ message: 'invariant not satisfied before loop', anchor: BOGUS.trim().replace(/,$/, ''), label: null }] }),
    verified: buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: REFERENCE, functions: [{ name: 'binary_search', success: true }], errors: [] }),
    failed: buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: BROKEN, functions: [{ name: 'binary_search', success: false }], errors: [{ message: 'invariant not satisfied at end of loop body', anchor: 'forall|i: int| 0 <= i < lo ==> v@[i] < key', label: null }] }),
  };
  for (const [name, output] of Object.entries(outputs)) {
    writeFileSync(path.join(target.scenarioDir, `${name}.stdout`), output.stdout);
    writeFileSync(path.join(target.scenarioDir, `${name}.stderr`), output.stderr);
  }
  // The command lines the world's own scenario answers (crate and focused scope), so a change of the command follows.
  const scenarioFile = path.join(target.scenarioDir, 'scenario.json');
  const existing = JSON.parse(readFileSync(scenarioFile, 'utf8')) as { invocations: Array<{ tool: string; argv: string[] }> };
  const commands = [...new Map(existing.invocations.map((invocation) => [JSON.stringify([invocation.tool, invocation.argv]), invocation])).values()];
  const answer = (name: keyof typeof outputs, whenSource: Record<string, string>) => commands.map(({ tool, argv }) => ({ tool, argv, whenSource: { file: 'src/lib.rs', ...whenSource }, stdout: `${name}.stdout`, stderr: `${name}.stderr`, exitCode: outputs[name].exitCode }));
  writeFileSync(scenarioFile, JSON.stringify({
    origin: 'synthetic',
    description: 'fails on an added invariant v.len() > 0; verifies with sorted(v@) and without it',
    invocations: [...answer('bogus', { contains: BOGUS }), ...answer('verified', { contains: `            lo <= hi <= v.len(),\n${FIX}`, lacks: BOGUS }), ...answer('failed', {})],
  }, null, 2));
}

describe('Houdini pruning (fake model server, fake cargo-verus with synthetic outputs, real git and cargo)', () => {
  it('drops the failing invariant the model added, and the pruned candidate verifies and is recorded with origin houdini', async () => {
    world = await createRepairWorld();
    scriptVerifier(world);
    world.server.script(editorReply([CANDIDATE]));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, feedbackLevel: 'none', houdiniRounds: 1 });

    expect(outcome.outcome).toBe('verified');
    // The original, the model's candidate, the pruned candidate.
    expect(world.verifierCalls()).toBe(3);
    const checked = events.flatMap((event) => (event.type === 'candidate-checked' ? [{ origin: event.origin, result: event.result }] : []));
    expect(checked).toEqual([{ origin: 'model', result: 'failed' }, { origin: 'houdini', result: 'verified' }]);

    const ledger = await GitProofLedger.open(world.repoDir);
    // Iteration 0 is the original's check (the run's baseline).
    const candidates = (await ledger.readRun('e2e-run')).filter((commit) => commit.trailers.has('Proof-Result') && commit.trailers.get('Iteration') !== '0');
    expect(candidates.map((commit) => commit.trailers.get('Proof-Result'))).toEqual(['failed', 'verified']);
    const pruned = candidates[1]!;
    expect(JSON.parse(pruned.noteText ?? '{}')).toMatchObject({ report: { origin: 'houdini' } });
    // Exactly the added invariant is gone, its line with it: the recorded file is the reference fix.
    const recorded = await ledger.readFileAt(pruned.sha, 'binary-search/src/lib.rs');
    expect(Buffer.from(recorded ?? []).toString('utf8')).toBe(REFERENCE);
    const first = await ledger.readFileAt(candidates[0]!.sha, 'binary-search/src/lib.rs');
    expect(Buffer.from(first ?? []).toString('utf8')).toBe(CHECKED);
  });
});
