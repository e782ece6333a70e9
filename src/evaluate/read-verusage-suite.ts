import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { VERUSAGE_PROJECTS, type PublishedSuite } from './published-suites.js';
import { SCRATCH_CRATE_FILE } from './scratch-crate.js';
import { validateTaskId } from './validate-task-id.js';

const TASK_FILE = /^([A-Z]{2})__.+\.rs$/;
const PROJECT_NAMES = new Map(VERUSAGE_PROJECTS.map((project) => [project.code, project.name]));
/** Task ids become run ids and directory names; VeruSAGE-Bench file names run past 100 characters. */
const MAX_ID_LENGTH = 60;

/**
 * Where a VeruSAGE-Bench layout keeps its tasks: a checkout's `tasks/`, or a directory of task files
 * itself (`tasks/`, `tasks-sampled-100/`, `tasks-batches/batch_NNN/`), recognised by files named
 * `<PROJECT>__...rs` with a known project code. Null when DIRECTORY is neither.
 */
export function locateVerusageTasks(directory: string): { tasksDir: string; publishedSuite: PublishedSuite | null } | null {
  const checkoutTasks = path.join(directory, 'tasks');
  if (holdsVerusageTasks(checkoutTasks)) return { tasksDir: checkoutTasks, publishedSuite: 'VeruSAGE-Bench' };
  if (!holdsVerusageTasks(directory)) return null;
  // A batch is part of the suite: a submission from it is not a VeruSAGE-Bench result.
  const publishedSuite = path.basename(directory) === 'tasks' ? 'VeruSAGE-Bench' : path.basename(directory) === 'tasks-sampled-100' ? 'VeruSAGE-Bench-Sampled' : null;
  return { tasksDir: directory, publishedSuite };
}

/**
 * The VeruSAGE-Bench layout: each `<PROJECT>__<module>__...__<function>.rs` is one single-file task
 * (wrapped in a scratch crate per attempt), whose category is its project, whose targets are the
 * functions that fail, and which must verify as a whole. There are no verified originals beside them.
 */
export async function readVerusageSuite(tasksDir: string, publishedSuite: PublishedSuite | null): Promise<BenchTask[]> {
  const names = readdirSync(tasksDir).filter((name) => name.endsWith('.rs')).sort();
  const unknown = names.filter((name) => !PROJECT_NAMES.has(TASK_FILE.exec(name)?.[1] ?? ''));
  if (unknown.length > 0) {
    throw new ConfigurationError(`${tasksDir}: ${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''} ${unknown.length === 1 ? 'is' : 'are'} not named like a VeruSAGE-Bench task: <PROJECT>__<module>__<function>.rs with PROJECT one of ${VERUSAGE_PROJECTS.map((project) => project.code).join(', ')} (e.g. AL__always_double.rs)`);
  }
  return Promise.all(names.map(async (name): Promise<BenchTask> => ({
    id: validateTaskId(shortenTaskId(name.slice(0, -3)), path.join(tasksDir, name)),
    crateDir: null,
    file: SCRATCH_CRATE_FILE,
    brokenSource: await readFile(path.join(tasksDir, name), 'utf8'),
    originalSource: null,
    functions: [],
    defectClass: null,
    expectedFailingFunction: null,
    defects: 1,
    origin: `verusage-bench:${path.basename(tasksDir)}/${name}`,
    category: PROJECT_NAMES.get(name.slice(0, 2)) ?? null,
    publishedSuite,
  })));
}

function holdsVerusageTasks(directory: string): boolean {
  if (!existsSync(directory) || !statSync(directory).isDirectory()) return false;
  return readdirSync(directory).some((name) => PROJECT_NAMES.has(TASK_FILE.exec(name)?.[1] ?? ''));
}

/** The file name itself when short enough; else its start and a hash of the whole name (the origin keeps the full name). */
function shortenTaskId(stem: string): string {
  const safe = stem.replace(/[^A-Za-z0-9._-]/g, '_');
  if (safe.length <= MAX_ID_LENGTH) return safe;
  const digest = createHash('sha256').update(stem).digest('hex').slice(0, 8);
  return `${safe.slice(0, MAX_ID_LENGTH - 9).replace(/[._-]+$/, '')}-${digest}`;
}
