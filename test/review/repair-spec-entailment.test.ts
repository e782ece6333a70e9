import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { REFERENCE, createRepairWorld, editorReply, type RepairWorld } from '../repair/repair-world.js';
import { runRepairInWorld } from '../repair/run-repair-in-world.js';

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const NONE_CLAUSE = '        r is None ==> forall|i: int| 0 <= i < v.len() ==> v@[i] != key,\n';

describe('repair with an allowed spec change runs the entailment check (synthetic verifier)', () => {
  it('records a weakened postcondition in the Spec-Entailment trailer and the note of the verified candidate', async () => {
    world = await createRepairWorld();
    expect(REFERENCE).toContain(NONE_CLAUSE);
    const weakened = REFERENCE.replace(NONE_CLAUSE, '');
    // The world's fake verifies any source with the fixed invariant; the entailment lemma is answered as failing.
    const scenarioFile = path.join(world.scenarioDir, 'scenario.json');
    const scenario = JSON.parse(readFileSync(scenarioFile, 'utf8')) as { invocations: unknown[] };
    const argv = ['verus', 'verify', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '--output-json', '--time', '--rlimit', '/^[0-9]+(\\.[0-9]+)?$/', '...'];
    scenario.invocations.unshift({ tool: 'cargo-verus', argv, whenSource: { file: 'src/lib.rs', contains: 'fn review_entails_ensures_binary_search' }, stdout: 'failed.stdout', stderr: 'failed.stderr', exitCode: 1 });
    writeFileSync(scenarioFile, JSON.stringify(scenario));
    world.server.script(editorReply([weakened]));
    const { outcome } = await runRepairInWorld(world, { houdiniRounds: 0, allowSpecChanges: ['binary_search.ensures'] });
    expect(outcome.outcome).toBe('verified');
    const message = await simpleGit(world.repoDir).raw(['log', '-1', '--format=%B', 'verus-repair/e2e-run']);
    expect(message).toMatch(/^Guard: accept; spec-change: binary_search\.ensures$/m);
    expect(message).toMatch(/^Spec-Entailment: binary_search\.ensures fails$/m);
    const note = await simpleGit(world.repoDir).raw(['notes', '--ref=verus-repair', 'show', 'verus-repair/e2e-run']);
    const entailment = (JSON.parse(note) as { report: { specEntailment: Array<{ direction: string; verdict: string; oldClauses: string[]; newClauses: string[] }> } }).report.specEntailment;
    expect(entailment).toHaveLength(1);
    expect(entailment[0]).toMatchObject({ direction: 'ensures', verdict: 'fails' });
    expect(entailment[0]?.oldClauses).toHaveLength(2);
    expect(entailment[0]?.newClauses).toHaveLength(1);
    // The original check, the candidate and the lemma: three verifier calls.
    expect(world.verifierCalls()).toBe(3);
  }, 120_000);
});
