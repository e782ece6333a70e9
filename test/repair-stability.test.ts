import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRunLog, renderRunLogTable } from '../src/ledger/run-log.js';
import { auditRun } from '../src/ledger/audit-run.js';
import { GitProofLedger } from '../src/ledger/git-proof-ledger.js';
import { reverifyRun } from '../src/repair/reverify/reverify-run.js';
import { loadVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { createVerifier } from '../src/verification/create-verifier.js';
import { buildSyntheticVerusOutput } from './demo/synthetic-verus-output.js';
import { REFERENCE, createRepairWorld, editorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';

// A fragile proof: the reference with an extra assert the (synthetic) seed-dependent scenario keys on.
const FRAGILE_MARKER = 'assert(lo < hi);';
const FRAGILE = REFERENCE.replace('        let mid = lo + (hi - lo) / 2;\n', `        ${FRAGILE_MARKER}\n        let mid = lo + (hi - lo) / 2;\n`);

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/**
 * Synthetic scenario (labelled so in scenario.json): the fragile candidate verifies under seeds 1 and 2
 * and fails under seed 3; the robust one verifies under every seed; the broken original fails. Each
 * verified answer carries a fabricated per-function rlimit count for its seed.
 */
function writeSeedScenario(target: RepairWorld, seed3: 'fails' | 'crashes' = 'fails'): void {
  const dir = target.scenarioDir;
  const rlimitOf = (stdout: string, count: number) => stdout.replace(/("mode:": "exec",[\s\S]*?"rlimit": )\d+/, `$1${count}`);
  const verifiedOutput = buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: REFERENCE, functions: [{ name: 'binary_search', success: true }], errors: [] });
  const fragileFailure = buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: FRAGILE, functions: [{ name: 'binary_search', success: false }], errors: [
    { message: 'invariant not satisfied at end of loop body', anchor: 'forall|i: int| 0 <= i < lo ==> v@[i] < key', label: null },
  ] });
  const files: Record<string, string> = {
    'seed-default.stdout': rlimitOf(verifiedOutput.stdout, 4_000_000), 'verified.stderr': verifiedOutput.stderr,
    'fragile-1.stdout': rlimitOf(verifiedOutput.stdout, 9_000_000), 'fragile-2.stdout': rlimitOf(verifiedOutput.stdout, 16_500_000),
    'robust-seed.stdout': rlimitOf(verifiedOutput.stdout, 6_000_000), 'fragile-3.stdout': fragileFailure.stdout, 'fragile-3.stderr': fragileFailure.stderr,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const original = JSON.parse(readFileSync(path.join(dir, 'scenario.json'), 'utf8')) as { invocations: Array<Record<string, unknown>> };
  const failing = original.invocations.filter((entry) => entry['stdout'] === 'failed.stdout');
  const any = ['verus', '/^(verify|focus)$/', '--fwd-verus-args-to', 'roots', '--message-format=json', '--', '...'];
  const fixed = { file: 'src/lib.rs', contains: '            lo <= hi <= v.len(),\n            sorted(v@),\n' };
  const fragile = { ...fixed, contains: FRAGILE_MARKER };
  writeFileSync(path.join(dir, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    description: 'seed-dependent: the fragile candidate verifies under seeds 1 and 2 and fails under 3; the robust one under all; fabricated per-function rlimit counts',
    invocations: [
      { tool: 'cargo-verus', argv: any, whenSource: fragile, whenSeed: [1], stdout: 'fragile-1.stdout', stderr: 'verified.stderr', exitCode: 0 },
      { tool: 'cargo-verus', argv: any, whenSource: fragile, whenSeed: [2], stdout: 'fragile-2.stdout', stderr: 'verified.stderr', exitCode: 0 },
      seed3 === 'fails'
        ? { tool: 'cargo-verus', argv: any, whenSource: fragile, whenSeed: [3], stdout: 'fragile-3.stdout', stderr: 'fragile-3.stderr', exitCode: 1 }
        // Dies by SIGABRT before printing a verdict, as a Rust process aborting on a panic does.
        : { tool: 'cargo-verus', argv: any, whenSource: fragile, whenSeed: [3], abort: true },
      { tool: 'cargo-verus', argv: any, whenSource: fixed, whenSeed: [1, 2, 3], stdout: 'robust-seed.stdout', stderr: 'verified.stderr', exitCode: 0 },
      { tool: 'cargo-verus', argv: any, whenSource: fixed, whenSeed: [null], stdout: 'seed-default.stdout', stderr: 'verified.stderr', exitCode: 0 },
      ...failing.map((entry) => ({ ...entry, argv: any })),
    ],
  }, null, 2));
}

function invocationsOf(target: RepairWorld): string[][] {
  return readFileSync(path.join(target.scenarioDir, '..', 'invocations.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { argv: string[] }).argv);
}

const seedOf = (argv: string[]): string => argv.find((argument) => argument.startsWith('smt.random_seed=')) ?? 'none';

describe('repair --stability 3 (fake cargo-verus whose verdict depends on the seed it receives; real git and cargo)', () => {
  it('reports a fragile proof unstable 2/3, keeps going with the failing seed in the feedback, lets a later stable candidate win, and audit --reverify reruns the recorded seeds', async () => {
    world = await createRepairWorld({ scope: 'focused' });
    writeSeedScenario(world);
    world.server.script(editorReply([FRAGILE]), editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(world, { houdiniRounds: 0, stability: 3 });

    expect(outcome).toMatchObject({ outcome: 'verified', stability: 'stable 3/3' });
    const checked = events.flatMap((event) => (event.type === 'candidate-checked' ? [event] : []));
    expect(checked.map((event) => [event.iteration, event.result, event.stability])).toEqual([[1, 'verified', 'unstable 2/3'], [2, 'verified', 'stable 3/3']]);
    expect(outcome.verifiedCommit).toBe(checked[1]?.commit);
    // Each verified focus pass is re-verified under seeds 1-3, then the crate confirms; the seed reaches the root only (--fwd-verus-args-to roots).
    const calls = invocationsOf(world);
    expect(calls.map((argv) => `${argv[1]} ${seedOf(argv)}`)).toEqual([
      'verify none',
      'focus none', 'focus smt.random_seed=1', 'focus smt.random_seed=2', 'focus smt.random_seed=3', 'verify none',
      'focus none', 'focus smt.random_seed=1', 'focus smt.random_seed=2', 'focus smt.random_seed=3', 'verify none',
    ]);
    expect(calls[2]?.slice(calls[2].indexOf('--fwd-verus-args-to'), calls[2].indexOf('--fwd-verus-args-to') + 2)).toEqual(['--fwd-verus-args-to', 'roots']);
    expect(calls.every((argv) => argv[argv.indexOf('--rlimit') + 1] === '10')).toBe(true);

    // The editor was told which seed failed, with its error, and asked for a more robust proof.
    const feedback = events.flatMap((event) => (event.type === 'feedback' ? [event] : []));
    expect(feedback.map((event) => event.iteration)).toEqual([1]);
    expect(feedback[0]?.text).toContain('unstable 2/3 under solver seeds 1, 2, 3');
    expect(feedback[0]?.text).toMatch(/Seed 3 \(failed\):\n.*invariant not satisfied at end of loop body/);
    expect(feedback[0]?.text).toContain('more robust proof');
    expect(JSON.stringify(world.server.requests[1]?.body['messages'])).toContain('Seed 3 (failed)');

    const messages = (await simpleGit(world.repoDir).raw(['log', '--reverse', '--format=%B%x1e', 'verus-repair/e2e-run'])).split('\x1e').map((entry) => entry.trim()).filter((entry) => entry.includes('Run-Id: e2e-run'));
    expect(messages[0]).not.toMatch(/^Stability:/m);
    expect(messages[1]).toMatch(/^Stability: 2\/3$/m);
    expect(messages[1]).toMatch(/^Rlimit-Margin: 0\.550 \(16500000 of 30000000, binary_search::binary_search, seed 2\); near the limit$/m);
    expect(messages[2]).toMatch(/^Stability: 3\/3$/m);
    expect(messages[2]).toMatch(/^Rlimit-Margin: 0\.200 \(6000000 of 30000000, binary_search::binary_search, seed 1\)$/m);

    const ledger = await GitProofLedger.open(world.repoDir);
    const table = renderRunLogTable(buildRunLog(await ledger.readRun('e2e-run')));
    expect(table).toContain('verified (unstable 2/3)');
    expect(table).toContain('verified (stable 3/3)');
    expect(table).toContain('rlimit margin');
    expect((await auditRun(ledger, 'e2e-run')).findings).toEqual([]);
    const report = readFileSync(outcome.reportFiles.find((file) => file.endsWith('.md')) ?? '', 'utf8');
    expect(report).toContain('outcome: **verified (stable 3/3)**');
    expect(report).toContain('Stability: unstable 2/3 (failed under seed 3)');

    const { config } = await loadVerifierConfig(world.repoDir);
    const before = invocationsOf(world).length;
    const audit = await reverifyRun(ledger, 'e2e-run', await createVerifier(config, world.environment), { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 60_000, extraVerusArgs: [], scope: 'focused' });
    expect(audit.findings).toEqual([]);
    expect(audit.stability.map((recheck) => [recheck.seeds, recheck.recorded, recheck.now])).toEqual([[[1, 2, 3], 'unstable 2/3', 'unstable 2/3'], [[1, 2, 3], 'stable 3/3', 'stable 3/3']]);
    expect(invocationsOf(world).slice(before).map((argv) => `${argv[1]} ${seedOf(argv)}`)).toEqual([
      'verify none', 'focus smt.random_seed=1', 'focus smt.random_seed=2', 'focus smt.random_seed=3',
      'verify none', 'focus smt.random_seed=1', 'focus smt.random_seed=2', 'focus smt.random_seed=3',
    ]);
  });

  it('with only fragile candidates, the run uses its iterations and the best unstable candidate is the answer, reported unstable', async () => {
    world = await createRepairWorld({ scope: 'focused' });
    writeSeedScenario(world);
    world.server.script(editorReply([FRAGILE]), editorReply([FRAGILE.replace(FRAGILE_MARKER, `${FRAGILE_MARKER}\n        assert(lo <= hi);`)]));
    const { outcome } = await runRepairInWorld(world, { houdiniRounds: 0, stability: 3, iterations: 2 });
    expect(outcome).toMatchObject({ outcome: 'verified', stability: 'unstable 2/3' });
    expect(outcome.stopReason).toMatch(/iteration/);
  });

  it('a seed whose verifier crashes leaves stability undecided: the run stops there, the editor is not told the proof is fragile', async () => {
    world = await createRepairWorld({ scope: 'focused' });
    writeSeedScenario(world, 'crashes');
    world.server.script(editorReply([FRAGILE]));
    const { outcome, events } = await runRepairInWorld(world, { houdiniRounds: 0, stability: 3, iterations: 3 });
    expect(outcome).toMatchObject({ outcome: 'verified', stability: 'undecided 2/3' });
    expect(outcome.stopReason).toMatch(/^the stability check got no verdict under seed 3 \(crashed: the verifier crashed/);
    expect(events.filter((event) => event.type === 'feedback')).toEqual([]);
    expect(world.server.requests).toHaveLength(1);
    expect(readFileSync(path.resolve(world.repoDir, outcome.reportFiles.find((file) => file.endsWith('.md')) ?? ''), 'utf8')).toContain('Stability: undecided 2/3 (no verdict under seed 3)');
  });
});
