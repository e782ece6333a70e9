import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitProofLedger } from '../src/ledger/git-proof-ledger.js';
import { prepareRepair } from '../src/repair/setup/prepare-repair.js';
import { repairCrate } from '../src/repair/repair-crate.js';
import type { RepairEvent } from '../src/repair/repair-event.js';
import type { RepairInvocation } from '../src/repair/setup/prepare-repair.js';
import { runCliInProcess } from './run-cli-in-process.js';
import { createSpecCheckWorld, replaceFunctionReply, RUNNING_MAX, SPEC_CHECK_SOURCE, type SpecCheckWorld } from './repair/spec-check-world.js';

let world: SpecCheckWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

async function run(target: SpecCheckWorld, overrides: Partial<RepairInvocation>, resuming = false) {
  const events: RepairEvent[] = [];
  const { request, services } = await prepareRepair({
    crate: target.crateDir, file: 'src/lib.rs', functions: [], iterations: 2, feedbackLevel: 'counterexample', samples: null, model: null, runner: null,
    replay: null, record: null, allowSpecChanges: [], houdiniRounds: 0, maxTokens: null, maxCostUsd: null, maxWallTimeMs: null,
    cache: false, runId: 'cx-run', environment: target.environment, ...overrides,
  }, (event) => events.push(event));
  return { outcome: await repairCrate(request, services, resuming), events };
}

async function candidateCommits(repoDir: string) {
  const ledger = await GitProofLedger.open(repoDir);
  return (await ledger.readRun('cx-run')).filter((commit) => commit.trailers.has('Proof-Result'));
}

function readReport(repoDir: string, files: string[], extension: string): string {
  const file = files.find((entry) => entry.endsWith(extension));
  if (file === undefined) throw new Error(`no ${extension} report among ${files.join(', ')}`);
  return readFileSync(path.isAbsolute(file) ? file : path.join(repoDir, file), 'utf8');
}

const CLAMP_FAILS = { name: 'clamp-fails', source: SPEC_CHECK_SOURCE, functions: [{ name: 'clamp_wrong', success: false }], errors: [{ message: 'postcondition not satisfied', anchor: 'lo <= r && r < hi', label: null }] };
const CLAMP_COUNTEREXAMPLE = 'clamp_wrong(x = 0, lo = 0, hi = 0) returned 0: ensures lo <= r && r < hi is false';

// Real cargo builds the spec-check harness (and the pre-check) in the shared rust-fixtures target
// directory; the verifier is the fake cargo-verus with synthetic outputs, the model a scripted server.
describe('repair --feedback counterexample (real cargo for the erased code, fake verifier and model)', () => {
  it('stops before any model call when the frozen ensures is false for the code, with the counterexample in the stop reason and the ledger', async () => {
    world = await createSpecCheckWorld(SPEC_CHECK_SOURCE, [CLAMP_FAILS]);
    const { outcome, events } = await run(world, { functions: ['clamp_wrong'] });

    expect(outcome.outcome).toBe('not-verified');
    expect(outcome.stopReason).toBe(`the specification is false for this code: ${CLAMP_COUNTEREXAMPLE}`);
    expect(world.server.requests).toHaveLength(0);
    expect(world.verifierCalls()).toBe(1);
    expect(events.find((event) => event.type === 'spec-check')).toMatchObject({ counterexamples: [CLAMP_COUNTEREXAMPLE], executableClauses: 3, clauses: 3, stop: outcome.stopReason });
    const [baseline] = await candidateCommits(world.repoDir);
    expect(baseline?.trailers.get('Counterexample')).toBe('found');
    expect(JSON.parse(baseline?.noteText ?? '{}')).toMatchObject({ report: { counterexamples: { trailer: 'found', specCheck: { counterexamples: [CLAMP_COUNTEREXAMPLE] } } } });
    expect(outcome.report.specCheck).toMatchObject({ executableClauses: 3, clauses: 3, counterexamples: [CLAMP_COUNTEREXAMPLE] });
    const markdown = readReport(world.repoDir, outcome.reportFiles, '.md');
    expect(markdown).toContain('- spec check (the erased exec code was run): 3 of 3 clauses of the targets executable (clamp_wrong 3/3, 1000 inputs tried');
    expect(markdown).toContain(`- counterexample: ${CLAMP_COUNTEREXAMPLE}`);
    expect(readReport(world.repoDir, outcome.reportFiles, '.html')).toContain('<li>counterexample: clamp_wrong(x = 0, lo = 0, hi = 0) returned 0: ensures lo &lt;= r &amp;&amp; r &lt; hi is false</li>');
  }, 600_000);

  it('with --allow-spec-change the run goes on, and the counterexample is in the editor\'s task as the reason to change the spec', async () => {
    world = await createSpecCheckWorld(SPEC_CHECK_SOURCE, [CLAMP_FAILS]);
    world.server.script(replaceFunctionReply('clamp_wrong', SPEC_CHECK_SOURCE));
    const { outcome } = await run(world, { functions: ['clamp_wrong'], allowSpecChanges: ['clamp_wrong.ensures'], iterations: 1 });

    expect(outcome.stopReason).toMatch(/iteration budget exhausted|identical/);
    expect(world.server.requests.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(world.server.requests[0]?.body['messages'])).toContain(CLAMP_COUNTEREXAMPLE);
  }, 600_000);
});

describe('a resumed counterexample run (real cargo, fake verifier and model)', () => {
  it('stops again on the false claim its baseline recorded, before any model call, with the counterexample in its report', async () => {
    world = await createSpecCheckWorld(SPEC_CHECK_SOURCE, [CLAMP_FAILS]);
    const first = await run(world, { functions: ['clamp_wrong'] });
    const resumed = await run(world, { functions: ['clamp_wrong'] }, true);

    expect(resumed.outcome.stopReason).toBe(`the specification is false for this code: ${CLAMP_COUNTEREXAMPLE}`);
    expect(resumed.outcome.stopReason).toBe(first.outcome.stopReason);
    expect(world.server.requests).toHaveLength(0);
    expect(resumed.events.find((event) => event.type === 'spec-check')).toMatchObject({ counterexamples: [CLAMP_COUNTEREXAMPLE], stop: resumed.outcome.stopReason });
    expect(resumed.outcome.report.specCheck).toMatchObject({ executableClauses: 3, clauses: 3, counterexamples: [CLAMP_COUNTEREXAMPLE] });
  }, 600_000);

  it('with --allow-spec-change, the resumed editor still gets the counterexample as the reason to change the spec', async () => {
    world = await createSpecCheckWorld(SPEC_CHECK_SOURCE, [CLAMP_FAILS]);
    world.server.script(replaceFunctionReply('clamp_wrong', SPEC_CHECK_SOURCE));
    await run(world, { functions: ['clamp_wrong'], allowSpecChanges: ['clamp_wrong.ensures'], iterations: 1 });
    const before = world.server.requests.length;
    // The same answer again: the resumed editor remembers it and asks once more, so two replies.
    world.server.script(replaceFunctionReply('clamp_wrong', SPEC_CHECK_SOURCE), replaceFunctionReply('clamp_wrong', SPEC_CHECK_SOURCE));
    await run(world, { functions: ['clamp_wrong'], allowSpecChanges: ['clamp_wrong.ensures'], iterations: 2 }, true);

    expect(world.server.requests.length).toBeGreaterThan(before);
    expect(JSON.stringify(world.server.requests[before]?.body['messages'])).toContain(CLAMP_COUNTEREXAMPLE);
  }, 600_000);
});

const { falseInvariant: FALSE_INVARIANT, bounds: BOUNDS, decreases: DECREASES, missing: MISSING, withFalse: WITH_FALSE } = RUNNING_MAX;

describe('candidate loop invariants tested before Verus (real cargo, fake verifier and model)', () => {
  it('falsifies the false invariant on a concrete run with no verifier call, and sends the true one to Verus', async () => {
    world = await createSpecCheckWorld(MISSING, [
      RUNNING_MAX.fixedAnswer,
      RUNNING_MAX.missingAnswer,
    ]);
    world.server.script(replaceFunctionReply('running_max', WITH_FALSE), replaceFunctionReply('running_max', SPEC_CHECK_SOURCE));
    const { outcome, events } = await run(world, { functions: ['running_max'] });

    expect(outcome.outcome).toBe('verified');
    // The original and the second candidate; the first candidate never reached the verifier.
    expect(world.verifierCalls()).toBe(2);
    const falsified = events.find((event) => event.type === 'invariant-falsified');
    const trace = 'running_max(v = [0]): invariant forall|i: int| 0 <= i < k ==> v@[i] < m of running_max/loop#0 (line 163) is false on entry to the loop, with v = [0], m = 0, k = 1';
    expect(falsified).toEqual({ type: 'invariant-falsified', iteration: 1, sample: 0, origin: 'model', falsified: [trace] });
    // The trace is the editor's feedback (the second model request carries it).
    expect(JSON.stringify(world.server.requests[1]?.body['messages'])).toContain(trace);
    const commits = await candidateCommits(world.repoDir);
    expect(commits.map((commit) => [commit.trailers.get('Proof-Result'), commit.trailers.get('Counterexample') ?? null, commit.trailers.get('Verifier') !== 'none'])).toEqual([
      ['failed', 'none in 1000 inputs', true],
      ['failed', 'invariant falsified before Verus by running_max(v = [0])', false],
      ['verified', 'invariants not falsified (1 tested before Verus)', true],
    ]);
    expect(JSON.parse(commits[1]?.noteText ?? '{}')).toMatchObject({ report: { counterexamples: { invariantTest: { status: 'falsified', falsified: [{ input: 'v = [0]', iteration: 0, values: 'v = [0], m = 0, k = 1' }] } } } });
    expect(outcome.report.iterations.find((entry) => entry.iteration === 1)?.candidates[0]?.falsifiedInvariants).toEqual([trace]);
    expect(readReport(world.repoDir, outcome.reportFiles, '.md')).toContain(`- falsified before Verus (no Verus call): ${trace}`);
    expect(readReport(world.repoDir, outcome.reportFiles, '.html')).toContain('data-testid="falsified-invariant"');
    // The trailers and notes of a run with falsified candidates audit clean (each note matches its Note-SHA256).
    const audit = await runCliInProcess('audit', '--repo', world.repoDir, 'cx-run');
    expect(audit.exitCode, audit.stdout + audit.stderr).toBe(0);
  }, 600_000);
});

describe('a falsified invariant pruned Houdini-style (real cargo, fake verifier and model)', () => {
  it('drops exactly the falsified invariant and sends the rest to Verus, which is the only verifier call after the original', async () => {
    world = await createSpecCheckWorld(MISSING, [
      RUNNING_MAX.missingAnswer,
    ]);
    const extra = '            k >= 1,\n';
    world.server.script(replaceFunctionReply('running_max', WITH_FALSE.replace(FALSE_INVARIANT, `${FALSE_INVARIANT}${extra}`)));
    const { events } = await run(world, { functions: ['running_max'], iterations: 1, houdiniRounds: 1 });

    const checked = events.flatMap((event) => (event.type === 'candidate-checked' ? [[event.origin, event.result]] : []));
    expect(checked).toEqual([['model', 'failed'], ['houdini', 'failed']]);
    expect(world.verifierCalls()).toBe(2);
    const commits = await candidateCommits(world.repoDir);
    const ledger = await GitProofLedger.open(world.repoDir);
    const pruned = Buffer.from((await ledger.readFileAt(commits[2]!.sha, 'spec-check/src/lib.rs')) ?? []).toString('utf8');
    expect(pruned).toBe(MISSING.replace(`${BOUNDS}${DECREASES}`, `${BOUNDS}${extra}${DECREASES}`));
    expect(commits[2]?.trailers.get('Counterexample')).toBe('invariants not falsified (1 tested before Verus)');
  }, 600_000);
});
