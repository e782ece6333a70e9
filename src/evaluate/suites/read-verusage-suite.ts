import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { collectSuitePaths, refuseSuiteProblems, type SuiteRoot } from './check-suite-path.js';
import { sanitizeTaskIdPart } from './join-task-id.js';
import { VERUSAGE_PROJECTS, type PublishedSuite } from './published-suites.js';
import { refuseDuplicateTaskIds } from './refuse-duplicate-task-ids.js';
import { SCRATCH_CRATE_FILE } from '../coverage/scratch-crate.js';
import { validateTaskId } from './validate-task-id.js';

const TASK_FILE = /^([A-Z]{2})__.+\.rs$/;
const PROJECT_NAMES = new Map(VERUSAGE_PROJECTS.map((project) => [project.code, project.name]));
/** Task ids become run ids and directory names; VeruSAGE-Bench file names run past 100 characters. */
const MAX_ID_LENGTH = 60;

/**
 * Where a VeruSAGE-Bench layout keeps its tasks: a checkout's `tasks/`, or a directory of task files
 * itself (`tasks/`, `tasks-sampled-100/`, `tasks-batches/batch_NNN/`), recognised by files named
 * `<PROJECT>__...rs` with a known project code. Null when the root is neither.
 */
export function locateVerusageTasks(root: SuiteRoot): { tasksDir: string; publishedSuite: PublishedSuite | null } | null {
  const checkoutTasks = path.join(root.given, 'tasks');
  if (holdsVerusageTasks(checkoutTasks)) return { tasksDir: checkoutTasks, publishedSuite: 'VeruSAGE-Bench' };
  if (!holdsVerusageTasks(root.real)) return null;
  // A batch is part of the suite: a submission from it is not a VeruSAGE-Bench result.
  const name = path.basename(path.resolve(root.given));
  const publishedSuite = name === 'tasks' ? 'VeruSAGE-Bench' : name === 'tasks-sampled-100' ? 'VeruSAGE-Bench-Sampled' : null;
  return { tasksDir: root.given, publishedSuite };
}

/**
 * The VeruSAGE-Bench layout: each `<PROJECT>__<module>__...__<function>.rs` is one single-file task
 * (wrapped in a scratch crate per attempt), whose category is its project, whose targets are the
 * functions that fail, and which must verify as a whole. There are no verified originals beside them.
 * Every path is checked against the root (and ids for duplicates) before any file is read.
 */
export async function readVerusageSuite(root: SuiteRoot, tasksDir: string, publishedSuite: PublishedSuite | null): Promise<BenchTask[]> {
  const paths = collectSuitePaths(root);
  const realTasksDir = paths.resolve(tasksDir, 'directory');
  refuseSuiteProblems(root, paths.problems);
  const names = readdirSync(realTasksDir ?? tasksDir).filter((name) => name.endsWith('.rs')).sort();
  const unknown = names.filter((name) => !PROJECT_NAMES.has(TASK_FILE.exec(name)?.[1] ?? ''));
  if (unknown.length > 0) {
    throw new ConfigurationError(`${tasksDir}: ${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ` and ${unknown.length - 3} more` : ''} ${unknown.length === 1 ? 'is' : 'are'} not named like a VeruSAGE-Bench task: <PROJECT>__<module>__<function>.rs with PROJECT one of ${VERUSAGE_PROJECTS.map((project) => project.code).join(', ')} (e.g. AL__always_double.rs)`);
  }
  const planned = names.flatMap((name) => {
    const given = path.join(tasksDir, name);
    const real = paths.resolve(given, 'file');
    return real === null ? [] : [{ name, given, real, id: validateTaskId(shortenTaskId(name.slice(0, -3)), given) }];
  });
  refuseSuiteProblems(root, paths.problems);
  refuseDuplicateTaskIds(planned.map((task) => ({ id: task.id, where: task.given })));
  return Promise.all(planned.map(async ({ name, real, id }): Promise<BenchTask> => ({
    id,
    crateDir: null,
    file: SCRATCH_CRATE_FILE,
    brokenSource: await readFile(real, 'utf8'),
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
  const safe = sanitizeTaskIdPart(stem);
  if (safe.length <= MAX_ID_LENGTH) return safe;
  const digest = createHash('sha256').update(stem).digest('hex').slice(0, 8);
  return `${safe.slice(0, MAX_ID_LENGTH - 9).replace(/[._-]+$/, '')}-${digest}`;
}
