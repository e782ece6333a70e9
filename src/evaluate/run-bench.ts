import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { PACKAGED_PIN_FILE } from '../verifier/toolchain/packaged-paths.js';
import { loadToolchainPin } from '../verifier/toolchain/read-toolchain-pin.js';
import { AdapterError, ConfigurationError } from '../core/errors.js';
import { attemptSlug, formatAttemptKey, type AttemptKey } from './attempts/attempt-key.js';
import { appendAttempt, endTornLine, readAttemptLog } from './attempts/attempt-log.js';
import type { AttemptRecord } from './attempts/attempt-record.js';
import { exceededBudget, type BenchBudget } from './grids/bench-budget.js';
import type { BenchEventSink } from './bench-event.js';
import type { BenchGrid } from './grids/bench-grid.js';
import type { BenchSummary } from './results/bench-summary.js';
import type { BenchTask } from './suites/bench-task.js';
import { checkResumeGrid, GRID_RECORD_FILE, recordBenchGrid } from './grids/bench-grid-record.js';
import { checkBenchSize } from './grids/check-bench-size.js';
import { checkDistinctSettingIds } from './grids/check-distinct-settings.js';
import { expandSettings } from './grids/expand-settings.js';
import { runAttempt } from './attempts/run-attempt.js';
import { summarizeBench } from './results/summarize-bench.js';
import { createTaskTemplate } from './suites/task-template.js';
import type { TaskValidity } from './suites/task-validity.js';
import { validateTask } from './suites/validate-task.js';
import { writeBenchOutputs } from './render/write-bench-outputs.js';
import { writeBenchFile } from './render/write-bench-file.js';
import { selectPrecheckTargetDir } from '../verifier/precheck/select-precheck-target-dir.js';
import type { VstdPin } from '../verifier/toolchain/toolchain-pin.js';

export interface BenchOptions {
  suite: string;
  tasks: BenchTask[];
  grid: BenchGrid;
  outDir: string;
  jobs: number;
  resume: boolean;
  recordDir: string | null;
  replayDir: string | null;
  runner: 'docker' | 'local' | 'queue' | null;
  /** `bench --stability N`: solver seeds each verified candidate is re-verified under; null or absent = the configured `stability_seeds`. */
  stability?: number | null;
  budget: BenchBudget;
  environment: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/**
 * The bench: validate every task once, then run each task × setting × repetition through the repair
 * loop in a bounded pool, appending each finished attempt to attempts.jsonl; then summarize and render.
 */
export async function runBench(options: BenchOptions, emit: BenchEventSink): Promise<{ summary: BenchSummary; files: string[] }> {
  const started = performance.now();
  const { grid, outDir } = options;
  // The size first, by arithmetic, then the settings (bounded by it), all before anything is created.
  checkBenchSize(grid, options.tasks.length);
  const settings = expandSettings(grid);
  checkDistinctSettingIds(settings);
  const stability = options.stability ?? (typeof grid.verifierTable['stability_seeds'] === 'number' ? grid.verifierTable['stability_seeds'] : 0);
  if (options.resume) checkResumeGrid(outDir, grid, stability);
  const verifierTable = withSharedTarget(grid.verifierTable, outDir, options.environment);
  // Single-file tasks get the vstd of the pin in force (and its companion crates); an unreadable pin stops the bench before anything is created.
  const vstd = (await loadToolchainPin(typeof verifierTable['pin_file'] === 'string' ? verifierTable['pin_file'] : PACKAGED_PIN_FILE)).vstd;
  await mkdir(outDir, { recursive: true });
  if (!options.resume || !existsSync(path.join(outDir, GRID_RECORD_FILE))) await recordBenchGrid(outDir, grid, stability);
  const attemptsFile = path.join(outDir, 'attempts.jsonl');
  const validity = await validateSuite(options, verifierTable, vstd, emit);
  const problems = validity.flatMap((entry) => (!entry.valid && entry.reason === 'verifier-problem' ? [entry.detail] : []));
  if (problems.length > 0 && problems.length === validity.length) throw new AdapterError(`the verifier could not run on any task of the suite (first: ${problems[0]}); check it with verus-repair doctor or verus-repair verify`);
  const log = options.resume ? readAttemptLog(attemptsFile) : { records: [], skippedLines: [], endsTorn: false };
  const done = new Map(log.records.map((record) => [record.key, record] as const));
  if (!options.resume) await writeBenchFile(attemptsFile, '');
  endTornLine(attemptsFile, log);
  const plan: Array<{ task: BenchTask; key: AttemptKey; seed: number; setting: (typeof settings)[number] }> = [];
  for (const task of options.tasks.filter((entry) => validity.some((v) => v.valid && v.taskId === entry.id))) {
    for (const setting of settings) grid.seeds.forEach((seed, index) => plan.push({ task, setting, seed, key: { taskId: task.id, settingId: setting.id, repetition: index + 1 } }));
  }
  const pending = plan.filter((entry) => !done.has(formatAttemptKey(entry.key)));
  if (options.replayDir !== null) checkCassettes(options.replayDir, pending.map((entry) => attemptSlug(entry.key)));
  emit({ type: 'bench-started', tasks: options.tasks.length, settings: settings.length, attempts: plan.length, alreadyDone: plan.length - pending.length, skippedAttemptLines: log.skippedLines });
  const records = [...done.values()];
  const spent = { tokens: records.reduce((sum, r) => sum + r.promptTokens + r.completionTokens, 0), costUsd: records.reduce((sum, r) => sum + (r.costUsd ?? 0), 0) };
  let stopped: string | null = null;
  const limit = pLimit(options.jobs);
  const templates = new Map(await Promise.all([...new Set(pending.map((entry) => entry.task))].map((task) => limit(async () =>
    [task.id, await createTaskTemplate(path.join(outDir, 'templates', task.id), task, vstd)] as const))));
  const context = { outDir, templates, verifierTable, queueTable: grid.queueTable, runner: options.runner, stability: options.stability ?? null, houdiniRounds: grid.houdiniRounds, recordDir: options.recordDir, replayDir: options.replayDir, environment: options.environment, ...(options.signal === undefined ? {} : { signal: options.signal }) };
  if (options.recordDir !== null) await mkdir(options.recordDir, { recursive: true });
  const runStarted = performance.now();
  let finishedHere = 0;
  await runInPool(pending, options.jobs, async (entry) => {
    stopped ??= exceededBudget(options.budget, { ...spent, elapsedMs: performance.now() - started });
    if (stopped !== null || options.signal?.aborted === true) return;
    const record = await runAttempt(entry.task, entry.setting, entry.key, entry.seed, context);
    appendAttempt(attemptsFile, record);
    records.push(record);
    finishedHere += 1;
    spent.tokens += record.promptTokens + record.completionTokens;
    spent.costUsd += record.costUsd ?? 0;
    const remaining = pending.length - finishedHere;
    emit({ type: 'attempt-finished', key: record.key, outcome: record.outcome, iterationsToSuccess: record.iterationsToSuccess, done: records.length, total: plan.length,
      tokens: spent.tokens, costUsd: records.some((r) => r.costUsd !== null) ? spent.costUsd : null, correctSoFar: correctSoFar(records, grid.iterations),
      etaMs: ((performance.now() - runStarted) / finishedHere) * remaining });
  });
  if (stopped !== null) emit({ type: 'bench-stopped', reason: `${stopped}; ${plan.length - records.length} of ${plan.length} attempts not run (raise the budget and rerun with --resume)`, done: records.length, total: plan.length });
  const summary = summarizeBench({ suite: options.suite, tasks: options.tasks, validity, settings, iterations: grid.iterations, seeds: grid.seeds, records, stopped, skippedAttemptLines: log.skippedLines });
  const files = await writeBenchOutputs(outDir, summary, settings);
  emit({ type: 'bench-finished', outDir, files, stopped });
  return { summary, files };
}

/**
 * `jobs` workers taking the next item until none is left: one promise per worker, not one per
 * attempt (a pool per item held a closure and a promise for every attempt of the plan at once).
 */
async function runInPool<T>(items: readonly T[], jobs: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  }));
}

/** Validation runs once per bench directory; --resume reuses it (suite-validation.json). */
async function validateSuite(options: BenchOptions, verifierTable: Record<string, unknown> | null, vstd: VstdPin, emit: BenchEventSink): Promise<TaskValidity[]> {
  const file = path.join(options.outDir, 'suite-validation.json');
  // A task counted under the old pre-check waiver (`precheckWaiver`) is validated again: its error may be one Verus sees too.
  const known = (options.resume && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Array<TaskValidity & { precheckWaiver?: unknown }>) : []).filter((entry) => entry.precheckWaiver === undefined);
  const limit = pLimit(options.jobs);
  const validity = await Promise.all(options.tasks.map((task) => limit(async () =>
    known.find((entry) => entry.taskId === task.id) ?? validateTask(task, path.join(options.outDir, 'validation', task.id), { verifier: verifierTable, queue: options.grid.queueTable }, vstd, options.runner, options.environment))));
  for (const entry of validity) if (!entry.valid) emit({ type: 'task-invalid', taskId: entry.taskId, reason: entry.reason, detail: entry.detail });
  await writeBenchFile(file, `${JSON.stringify(validity, null, 2)}\n`);
  return validity;
}

/** Replaying needs every attempt's cassette; one missing is named before anything runs. */
function checkCassettes(replayDir: string, slugs: readonly string[]): void {
  const missing = slugs.filter((slug) => !existsSync(path.join(replayDir, `${slug}.jsonl`)));
  if (missing.length > 0) throw new ConfigurationError(`--replay ${replayDir} lacks the cassettes of ${missing.length} attempt(s), e.g. ${missing[0]}.jsonl; replay with the grid and suite the bench was recorded with`);
}

/**
 * Attempts share one pre-check target directory (vstd is compiled once): the table's, else
 * `<out>/cargo-target` (each attempt is its own project, so the per-project default would not be
 * shared); never the user's CARGO_TARGET_DIR (selectPrecheckTargetDir: attempts are scratch builds).
 */
function withSharedTarget(table: Record<string, unknown> | null, outDir: string, environment: NodeJS.ProcessEnv): Record<string, unknown> {
  const verifier = { ...(table ?? {}) };
  const precheck = { ...((verifier['precheck'] as Record<string, unknown> | undefined) ?? {}) };
  const configured = typeof precheck['target_dir'] === 'string' ? precheck['target_dir'] : null;
  precheck['target_dir'] = selectPrecheckTargetDir({ targetDir: configured, defaultTargetDir: path.join(path.resolve(outDir), 'cargo-target') }, environment);
  verifier['precheck'] = precheck;
  return verifier;
}

function correctSoFar(records: readonly AttemptRecord[], iterations: number): Record<string, string> {
  const bySetting: Record<string, string> = {};
  for (const settingId of new Set(records.map((record) => record.settingId))) {
    const list = records.filter((record) => record.settingId === settingId);
    bySetting[settingId] = `${list.filter((record) => record.iterationsToSuccess !== null && record.iterationsToSuccess <= iterations).length}/${list.length}`;
  }
  return bySetting;
}
