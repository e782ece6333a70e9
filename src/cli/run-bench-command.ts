import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FEEDBACK_LEVELS, type FeedbackLevel } from '../agents/index.js';
import { ConfigurationError } from '../core/errors.js';
import { parseTomlDocument } from '../config/parse-toml-document.js';
import { loadSuite } from '../evaluate/suites/load-suite.js';
import { readBenchGrid } from '../evaluate/grids/read-bench-grid.js';
import { runBench } from '../evaluate/run-bench.js';
import { createBenchProgress } from '../evaluate/render/render-bench-progress.js';
import { generateSuite } from '../evaluate/suites/generate-suite.js';
import type { BenchFlags } from './bench-flags.js';
import { checkOutputPath } from './check-output-path.js';
import { withInterruptSignal } from './interrupt-signal.js';
import { renderRunSandboxes, selectRunSandboxesOfTables } from '../verifier/sandbox/select-run-sandboxes.js';

/** `verus-repair bench SUITE`: every input is checked before the bench directory is touched. */
const BENCH_INTERRUPTED = 'verus-repair bench: interrupted; finished attempts are in attempts.jsonl, rerun with --resume to continue';

export async function runBenchCommand(suite: string, gridFile: string | null, flags: BenchFlags, json: boolean): Promise<void> {
  const feedback = flags.feedback === null ? null : flags.feedback.map(checkFeedbackLevel);
  const grid = await readBenchGrid(gridFile, { models: flags.models, feedback, samples: flags.samples, iterations: flags.iterations, repetitions: flags.repetitions, temperature: flags.temperature, maxAttempts: flags.maxAttempts },
    repositoryTables(), process.cwd());
  const { tasks } = await loadSuite(suite);
  // Before anything is created: never into .git, a device, a file, or a task crate's sources (issue 18, items 5 and 12).
  const protectedCrates = [...new Set(tasks.flatMap((task) => (task.crateDir === null ? [] : [task.crateDir])))];
  const outDir = await checkOutputPath({ option: '--out', path: flags.out, kind: 'directory', protectedCrates });
  const recordDir = flags.record === null ? null : await checkOutputPath({ option: '--record', path: flags.record, kind: 'directory', protectedCrates });
  const unpriced = grid.models.filter((model) => model.prices === null).map((model) => model.name);
  if (flags.maxCostUsd !== null && unpriced.length > 0) throw new ConfigurationError(`--max-cost needs prices for every model; ${unpriced.join(', ')} has none. Add input_per_million and output_per_million to its [[model]] in the grid, or drop --max-cost`);
  const attempts = path.join(outDir, 'attempts.jsonl');
  if (!flags.resume && existsSync(attempts) && statSync(attempts).size > 0) throw new ConfigurationError(`${flags.out} already holds a bench (attempts.jsonl); continue it with --resume, or choose another --out`);
  if (flags.replay !== null && !existsSync(flags.replay)) throw new ConfigurationError(`--replay ${flags.replay} does not exist; give the --record directory of an earlier bench`);
  const emit = json ? (event: object) => void process.stdout.write(`${JSON.stringify(event)}\n`) : createBenchProgress(process.stdout);
  const sandbox = await selectRunSandboxesOfTables({ verifier: grid.verifierTable, queue: grid.queueTable }, flags.runner, process.env, process.cwd());
  // Before the first event: where the attempts' build scripts, tests and Verus run (one NDJSON line, or the header line).
  process.stdout.write(json ? `${JSON.stringify({ type: 'bench-sandbox', sandbox })}\n` : `${renderRunSandboxes(sandbox)}\n`);
  await withInterruptSignal(BENCH_INTERRUPTED, (signal) => runBench({
    suite, tasks, grid, outDir, jobs: flags.jobs, resume: flags.resume, recordDir,
    replayDir: flags.replay === null ? null : path.resolve(flags.replay), runner: flags.runner, stability: flags.stability,
    budget: { maxTokens: flags.maxTokens, maxCostUsd: flags.maxCostUsd, maxWallTimeMs: flags.maxWallTimeMs }, environment: process.env, signal,
  }, emit));
}

export async function runGenerateCommand(verifiedDir: string, out: string, seed: number, defects: 'single' | 'multi'): Promise<void> {
  const outDir = await checkOutputPath({ option: '--out', path: out, kind: 'directory' });
  const result = await generateSuite(verifiedDir, outDir, { seed, defects });
  process.stdout.write(`wrote ${result.tasks} tasks from ${result.files} files to ${out} (manifest.jsonl); ${result.skipped} files had no removable proof element\n`);
}

function checkFeedbackLevel(level: string): FeedbackLevel {
  if ((FEEDBACK_LEVELS as readonly string[]).includes(level)) return level as FeedbackLevel;
  throw new ConfigurationError(`--feedback expects a comma-separated list of ${FEEDBACK_LEVELS.join(', ')}; got "${level}"`);
}

/** The `[verifier]` and `[queue]` tables of ./verus-repair.toml, used where the grid has none. */
function repositoryTables(): { verifier: Record<string, unknown> | null; queue: Record<string, unknown> | null } | null {
  const file = path.resolve('verus-repair.toml');
  if (!existsSync(file)) return null;
  const parsed = parseTomlDocument(readFileSync(file, 'utf8'), file);
  if ('error' in parsed) throw new ConfigurationError(parsed.error);
  const table = (key: string): Record<string, unknown> | null => {
    const value = parsed.document[key];
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  };
  return { verifier: table('verifier'), queue: table('queue') };
}
