import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN, REFERENCE, createRepairWorld, editorReply, type RepairWorld } from '../repair/repair-world.js';
import { runCliInProcess } from '../run-cli-in-process.js';
import { FAKE_BIN_DIR, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import type { FakeScriptStep } from '../fake-openai-server.js';
import { loadSuite } from '../../src/evaluate/suites/load-suite.js';
import { readBenchGrid } from '../../src/evaluate/grids/read-bench-grid.js';
import { runBench } from '../../src/evaluate/run-bench.js';
import { loadToolchainPin } from '../../src/verifier/toolchain/read-toolchain-pin.js';
import { PACKAGED_PIN_FILE } from '../../src/verifier/toolchain/packaged-paths.js';
import type { BenchEvent } from '../../src/evaluate/bench-event.js';
import type { BenchSummary } from '../../src/evaluate/results/bench-summary.js';
import { runCli, startCli } from '../fakes/run-cli.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The version the test fakes report (test/fakes/fake-tool.cjs), so that nothing mistakes them for Verus. */
const FAKE_VERUS_VERSION = 'fake';
const WEAK = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(),\n');

let world: RepairWorld | null = null;
let scratch: string | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
  if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

/**
 * Answers each editor call by task: `late` is fixed at its second iteration, `early` at its first
 * (synthetic model). Stateless: the iteration is read from the feedback the conversation carries, so a
 * re-run attempt (resume) gets the same answers.
 */
function responder(): FakeScriptStep {
  return (request) => {
    const messages = JSON.stringify(request.body['messages'] ?? []);
    const id = /Request id: ([^\s\\]+)/.exec(messages)?.[1] ?? 'missing';
    const iteration = (messages.match(/DID NOT verify/g) ?? []).length + 1;
    const fixAt = id.startsWith('late') ? 2 : 1;
    return (editorReply([iteration >= fixAt ? REFERENCE : WEAK]) as (r: typeof request) => ReturnType<Extract<FakeScriptStep, (...args: never[]) => unknown>>)(request);
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

const NO_FLAGS = { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null };

async function benchInProcess(setup: { suite: string; grid: string; environment: NodeJS.ProcessEnv }, outDir: string, options: { recordDir?: string; replayDir?: string; maxTokens?: number; jobs?: number } = {}, events: BenchEvent[] = []): Promise<BenchSummary> {
  const { summary } = await runBench({
    suite: setup.suite, tasks: (await loadSuite(setup.suite)).tasks, grid: await readBenchGrid(setup.grid, NO_FLAGS, null, scratch ?? ''),
    outDir, jobs: options.jobs ?? 1, resume: false, recordDir: options.recordDir ?? null, replayDir: options.replayDir ?? null, runner: null,
    budget: { maxTokens: options.maxTokens ?? null, maxCostUsd: null, maxWallTimeMs: null }, environment: setup.environment,
  }, (event) => events.push(event));
  return summary;
}

/** The summary without what a clock measures (wall times), which no two runs share. */
function withoutTimings(summary: BenchSummary, ...alsoDropped: string[]): unknown {
  const dropped = ['wallMs', 'reportedMs', 'precheckMs', 'wallTime', 'verifierWallMs', 'taskWallTimeMs', ...alsoDropped];
  return JSON.parse(JSON.stringify(summary, (key, value: unknown) => (dropped.includes(key) ? undefined : value)));
}

function attemptKeys(outDir: string): string[] {
  return readFileSync(path.join(outDir, 'attempts.jsonl'), 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => (JSON.parse(line) as { key: string }).key);
}

describe('verus-repair bench (fake model server, fake cargo-verus, real git and cargo; synthetic data)', () => {
  it('measures exact Correct@k over valid tasks, leaves the already-verified task out with its reason, and every run audits', async () => {
    const { suite, grid, environment } = await setUpBench();
        world?.server.script(...Array.from({ length: 12 }, () => responder()));
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
    // The summary names the binary that ran (the fake on PATH, reporting version `fake`) and the model's endpoint.
    const fake = `local cargo-verus at ${path.join(FAKE_BIN_DIR, 'cargo-verus')}, Verus ${FAKE_VERUS_VERSION}`;
    // (The world's failing output names another package, so those verdicts read no version: said as such.)
    expect(summary.overall.origins.verifier).toContain(fake);
    expect(summary.overall.origins.verifier.every((entry) => entry.replace(/^cache of /, '').startsWith(`local cargo-verus at ${path.join(FAKE_BIN_DIR, 'cargo-verus')}, Verus `))).toBe(true);
    expect(summary.overall.origins.model).toEqual([expect.stringMatching(/^endpoint http:\/\/127\.0\.0\.1:\d+/)]);
    expect(summary.overall.origins.caveats).toContain('fake verifier');
    expect(summary.overall.origins.caveats.every((caveat) => ['fake verifier', 'verifier reported no Verus version'].includes(caveat))).toBe(true);
    for (const setting of summary.settings) expect(setting.verifier.calls).toBeGreaterThanOrEqual(4);
    const lines = readFileSync(path.join(outDir, 'attempts.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { key: string; repoDir: string; runId: string });
    expect(lines).toHaveLength(4);
    for (const line of lines) expect((await runCliInProcess('audit', '--repo', line.repoDir, line.runId)).exitCode).toBe(0);
    const markdown = readFileSync(path.join(outDir, 'summary.md'), 'utf8');
    expect(markdown).toContain(`| e2e-model.none.s1.t0.2 (${summary.settings[0]?.origins.caveats.join('; ')}) | 2/2 | 1/2 (50.0%) | 2/2 (100.0%) | 2/2 (100.0%) |`);
    expect(summary.settings[0]?.origins.caveats).toContain('fake verifier');
    expect(markdown).toContain(`Verifier: ${summary.overall.origins.verifier.join('; ')}.`);
    expect(markdown).not.toMatch(/\breal\b/);
    expect(readFileSync(path.join(outDir, 'report.html'), 'utf8').match(/<svg/g)).toHaveLength(4);
    expect(events.filter((event) => event.type === 'attempt-finished')).toHaveLength(4);
  }, 120_000);

  it('replays a recorded bench from its cassettes, without the model, to the same figures, and says they were replayed', async () => {
    const setup = await setUpBench();
    world?.server.script(...Array.from({ length: 6 }, () => responder()));
    const recordDir = path.join(scratch ?? '', 'cassettes');
    const recorded = await benchInProcess(setup, path.join(scratch ?? '', 'recorded'), { recordDir, jobs: 2 });
    const requestsBefore = world?.server.requests.length;
    const replayed = await benchInProcess(setup, path.join(scratch ?? '', 'replayed'), { replayDir: recordDir, jobs: 2 });
    expect(world?.server.requests.length).toBe(requestsBefore);
    expect(replayed.overall.correctAtK[0]?.numerator).toBe(2);
    expect(withoutTimings(replayed, 'model', 'caveats')).toEqual(withoutTimings(recorded, 'model', 'caveats'));
    expect(recorded.overall.origins.model).toEqual([expect.stringMatching(new RegExp(`^endpoint http://127\\.0\\.0\\.1:\\d+.*, recorded to 4 cassette\\(s\\) in ${recordDir}$`))]);
    expect(replayed.overall.origins.model).toEqual([`replayed from 4 cassette(s) in ${recordDir}`]);
    expect(replayed.overall.origins.caveats).toContain('replayed model');
    expect(recorded.overall.origins.caveats).not.toContain('replayed model');
    const replayedMarkdown = readFileSync(path.join(scratch ?? '', 'replayed', 'summary.md'), 'utf8');
    expect(replayedMarkdown).toContain(`Model: replayed from 4 cassette(s) in ${recordDir}.`);
    expect(replayedMarkdown).toMatch(/^\| e2e-model\.none\.s1\.t0\.2 \([^)]*replayed model[^)]*\) \| 2\/2 \|/m);
    const empty = path.join(scratch ?? '', 'no-cassettes');
    mkdirSync(empty);
    await expect(benchInProcess(setup, path.join(scratch ?? '', 'replay-empty'), { replayDir: empty })).rejects.toThrow('lacks the cassettes of 4 attempt(s)');
  }, 180_000);

  it('stops cleanly at the global token budget and says where and how many attempts did not run', async () => {
    const setup = await setUpBench();
    world?.server.script(...Array.from({ length: 8 }, () => responder()));
    const events: BenchEvent[] = [];
    const outDir = path.join(scratch ?? '', 'out');
    const summary = await benchInProcess(setup, outDir, { maxTokens: 1000 }, events);
    expect(summary.stopped).toMatch(/token budget reached: 1500 of 1000 tokens used/);
    expect(events).toContainEqual(expect.objectContaining({ type: 'bench-stopped', reason: expect.stringContaining('3 of 4 attempts not run'), done: 1 }));
    expect(attemptKeys(outDir)).toHaveLength(1);
    expect(summary.settings[0]?.attempts).toBe(1);
  }, 120_000);

  it('resumes after a kill: every attempt is in attempts.jsonl exactly once', async () => {
    const setup = await setUpBench();
    world?.server.script(...Array.from({ length: 20 }, () => responder()));
    const outDir = path.join(scratch ?? '', 'out');
    const args = ['bench', setup.suite, '--grid', setup.grid, '--out', outDir, '--json'];
    const child = startCli(args, setup.environment, scratch ?? undefined, { detached: true });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (!existsSync(path.join(outDir, 'attempts.jsonl')) || attemptKeys(outDir).length < 1)) await new Promise((resolve) => setTimeout(resolve, 50));
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await child;
    const before = attemptKeys(outDir);
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.length).toBeLessThan(4);
    // Another iteration budget would reuse the finished attempts under it: refused, naming the change (issue 18, item 16).
    const changed = await runCli([...args, '--resume', '--iterations', '4'], setup.environment, scratch ?? undefined);
    expect(changed.exitCode).toBe(2);
    expect(changed.stderr).toContain(`--resume: the grid differs from the one ${outDir} was started with`);
    expect(changed.stderr).toContain('iterations: 3 -> 4');
    expect(attemptKeys(outDir)).toEqual(before);
    const resumed = await runCli([...args, '--resume'], setup.environment, scratch ?? undefined);
    expect(resumed.exitCode).toBe(0);
    const after = attemptKeys(outDir);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(new Set(after).size).toBe(4);
    expect(after).toHaveLength(4);
    const started = resumed.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as BenchEvent).find((event) => event.type === 'bench-started');
    expect(started).toMatchObject({ attempts: 4, alreadyDone: before.length });
    const summary = JSON.parse(readFileSync(path.join(outDir, 'summary.json'), 'utf8')) as BenchSummary;
    expect(summary.overall.correctAtK.map((value) => `${value.numerator}/${value.denominator}`)).toEqual(['2/4', '4/4', '4/4']);
  }, 180_000);

  it('a resume counts the unreadable lines of attempts.jsonl and says so, and a torn last line does not swallow the next attempt (issue 27, item 4)', async () => {
    const setup = await setUpBench();
    world?.server.script(...Array.from({ length: 20 }, () => responder()));
    const outDir = path.join(scratch ?? '', 'out-skipped');
    await benchInProcess(setup, outDir);
    const attempts = path.join(outDir, 'attempts.jsonl');
    const lines = readFileSync(attempts, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    // Line 2 edited by hand into garbage; the last attempt's line torn by a kill (no newline).
    const last = lines[3] ?? '';
    writeFileSync(attempts, `${lines[0]}\n{oops\n${lines[2]}\n${last.slice(0, 40)}`);
    const resumed = await runCli(['bench', setup.suite, '--grid', setup.grid, '--out', outDir, '--json', '--resume'], setup.environment, scratch ?? undefined);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const started = resumed.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as BenchEvent).find((event) => event.type === 'bench-started');
    expect(started).toMatchObject({ attempts: 4, alreadyDone: 2, skippedAttemptLines: [2, 4] });
    const summary = JSON.parse(readFileSync(path.join(outDir, 'summary.json'), 'utf8')) as BenchSummary;
    expect(summary.skippedAttemptLines).toEqual([2, 4]);
    expect(summary.overall.attempts).toBe(4);
    expect(readFileSync(path.join(outDir, 'summary.md'), 'utf8')).toContain('2 lines of attempts.jsonl skipped (lines 2, 4): not whole attempt records');
    // Both attempts ran again, each on a line of its own: a reader finds all four.
    const { readAttemptLog } = await import('../../src/evaluate/attempts/attempt-log.js');
    const log = readAttemptLog(attempts);
    expect(log.records.map((record) => record.key).sort()).toEqual(lines.map((line) => (JSON.parse(line) as { key: string }).key).sort());
    expect(log.skippedLines).toEqual([2, 4]);
  }, 180_000);

  it('benches a Verus-Bench layout: each unverified file wrapped in a scratch crate pinned to the toolchain\'s vstd', async () => {
    const setup = await setUpBench();
    world?.server.script(...Array.from({ length: 2 }, () => responder()));
    const layout = path.join(scratch ?? '', 'verus-bench');
    mkdirSync(path.join(layout, 'unverified'), { recursive: true });
    mkdirSync(path.join(layout, 'verified'));
    writeFileSync(path.join(layout, 'unverified', 'bsearch.rs'), BROKEN);
    writeFileSync(path.join(layout, 'verified', 'bsearch.rs'), REFERENCE);
    const outDir = path.join(scratch ?? '', 'out');
    const summary = await benchInProcess({ ...setup, suite: layout }, outDir);
    expect(summary.tasks).toMatchObject({ total: 1, valid: 1 });
    expect(summary.settings.map((setting) => setting.correctAtK[0])).toEqual([{ numerator: 1, denominator: 1, rate: 1 }, { numerator: 1, denominator: 1, rate: 1 }]);
    const cargo = readFileSync(path.join(outDir, 'templates', 'bsearch', 'crate', 'Cargo.toml'), 'utf8');
    expect(cargo).toContain(`vstd = "${(await loadToolchainPin(PACKAGED_PIN_FILE)).vstd.version}"`);
  }, 120_000);
});
