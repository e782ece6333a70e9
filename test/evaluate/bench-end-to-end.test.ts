import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN, REFERENCE, createRepairWorld, editorReply, type RepairWorld } from '../repair/repair-world.js';
import { runCliInProcess } from '../run-cli-in-process.js';
import { FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import type { FakeScriptStep } from '../fake-openai-server.js';
import { loadSuite } from '../../src/evaluate/load-suite.js';
import { readBenchGrid } from '../../src/evaluate/read-bench-grid.js';
import { runBench } from '../../src/evaluate/run-bench.js';
import type { BenchEvent } from '../../src/evaluate/bench-event.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WEAK = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(),\n');

let world: RepairWorld | null = null;
let scratch: string | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
  if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

/** Answers each editor call by task: `late` is fixed at its second call, `early` at its first (synthetic model). */
function responder(calls: Map<string, number>): FakeScriptStep {
  return (request) => {
    const id = /Request id: ([^\s\\]+)/.exec(JSON.stringify(request.body['messages'] ?? []))?.[1] ?? 'missing';
    const count = (calls.get(id) ?? 0) + 1;
    calls.set(id, count);
    const fixAt = id.startsWith('late') ? 2 : 1;
    return (editorReply([count >= fixAt ? REFERENCE : WEAK]) as (r: typeof request) => ReturnType<Extract<FakeScriptStep, (...args: never[]) => unknown>>)(request);
  };
}

async function setUpBench(): Promise<{ suite: string; grid: string; environment: NodeJS.ProcessEnv }> {
  world = await createRepairWorld();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-e2e-'));
  cpSync(path.join(ROOT, 'rust-fixtures', 'binary-search'), path.join(scratch, 'binary-search'), { recursive: true, filter: (source) => !source.endsWith('target') });
  cpSync(path.join(ROOT, 'rust-fixtures', 'Cargo.lock'), path.join(scratch, 'binary-search', 'Cargo.lock'));
  const task = (id: string, broken: string, defect: string) => [`[[task]]`, `id = "${id}"`, 'crate = "binary-search"', `broken = "${broken}"`, `defect_class = "${defect}"`, 'expected_failing_function = "binary_search"', ''].join('\n');
  writeFileSync(path.join(scratch, 'suite.toml'), [
    task('early', 'binary-search/broken/missing-sorted-invariant.rs', 'missing-loop-invariant'),
    task('late', 'binary-search/broken/missing-sorted-invariant.rs', 'missing-loop-invariant'),
    task('already', 'binary-search/src/lib.rs', 'none'),
  ].join('\n'));
  writeFileSync(path.join(scratch, 'grid.toml'), [
    'feedback = ["none", "generic"]', 'iterations = 3', 'houdini_rounds = 0', '',
    '[[model]]', 'name = "e2e-model"', `base_url = "${world.server.baseUrl}"`, 'input_per_million = 1.0', 'output_per_million = 2.0', '',
    '[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`, '', '[verifier.precheck]', `target_dir = ${JSON.stringify(path.join(ROOT, 'rust-fixtures', 'target'))}`, '',
  ].join('\n'));
  return { suite: path.join(scratch, 'suite.toml'), grid: path.join(scratch, 'grid.toml'), environment: world.environment };
}

describe('verus-repair bench (fake model server, fake cargo-verus, real git and cargo; synthetic data)', () => {
  it('measures exact Correct@k over valid tasks, leaves the already-verified task out with its reason, and every run audits', async () => {
    const { suite, grid, environment } = await setUpBench();
    const calls = new Map<string, number>();
    world?.server.script(...Array.from({ length: 12 }, () => responder(calls)));
    const outDir = path.join(scratch ?? '', 'out');
    const events: BenchEvent[] = [];
    const { summary } = await runBench({
      suite, tasks: (await loadSuite(suite)).tasks, grid: await readBenchGrid(grid, { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null }, null, scratch ?? ''),
      outDir, jobs: 2, resume: false, recordDir: null, replayDir: null, runner: null, budget: { maxTokens: null, maxCostUsd: null, maxWallTimeMs: null }, environment,
    }, (event) => events.push(event));
    expect(summary.tasks).toMatchObject({ total: 3, valid: 2, invalid: [{ taskId: 'already', reason: 'already-verified' }] });
    expect(summary.settings.map((setting) => setting.settingId)).toEqual(['e2e-model.none.s1.t0.2', 'e2e-model.generic.s1.t0.2']);
    for (const setting of summary.settings) {
      expect(setting.correctAtK.map((value) => [value.numerator, value.denominator])).toEqual([[1, 2], [2, 2], [2, 2]]);
      expect(setting.iterationsToSuccess).toEqual({ 1: 1, 2: 1 });
      expect(setting.cost.modelCalls).toBe(3);
      expect(setting.cost.promptTokens).toBe(3 * 1200);
      expect(setting.cost.costUsd).toBeCloseTo((3 * 1200 * 1 + 3 * 300 * 2) / 1e6, 9);
      expect(setting.byDefectClass).toEqual({ 'missing-loop-invariant': { numerator: 2, denominator: 2, rate: 1 } });
    }
    expect(summary.overall.correctAtK[0]).toEqual({ numerator: 2, denominator: 4, rate: 0.5 });
    // The fake cargo-verus prints Verus-shaped output; the local runner cannot tell it from a real run.
    expect(summary.verifierProvenance).toEqual(['real']);
    for (const setting of summary.settings) expect(setting.verifier.calls).toBeGreaterThanOrEqual(4);
    const lines = readFileSync(path.join(outDir, 'attempts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { key: string; repoDir: string; runId: string });
    expect(lines).toHaveLength(4);
    for (const line of lines) expect((await runCliInProcess('audit', '--repo', line.repoDir, line.runId)).exitCode).toBe(0);
    expect(readFileSync(path.join(outDir, 'summary.md'), 'utf8')).toContain('| e2e-model.none.s1.t0.2 | 2/2 | 1/2 (50.0%) | 2/2 (100.0%) | 2/2 (100.0%) |');
    expect(readFileSync(path.join(outDir, 'report.html'), 'utf8').match(/<svg/g)).toHaveLength(4);
    expect(events.filter((event) => event.type === 'attempt-finished')).toHaveLength(4);
  }, 120_000);
});
