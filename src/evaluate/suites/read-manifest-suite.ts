import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { describeSchemaIssue } from '../../config/describe-schema-issue.js';
import { parseTomlDocument } from '../../config/parse-toml-document.js';
import type { BenchTask } from './bench-task.js';
import { manifestTaskSchema, MANIFEST_TASK_EXAMPLE, type ManifestTask } from './manifest-task-schema.js';
import { checkCrateTree } from './check-crate-tree.js';
import { collectSuitePaths, openSuiteRoot, refuseSuiteProblems, type SuitePathCollector } from './check-suite-path.js';
import { SCRATCH_CRATE_FILE } from '../coverage/scratch-crate.js';
import { validateTaskId } from './validate-task-id.js';

interface PlannedTask {
  task: ManifestTask;
  where: string;
  crateDir: string | null;
  brokenPath: string;
  broken: string | null;
  original: string | null;
}

/**
 * Reads a TOML (`[[task]]`) or JSONL manifest; every problem is reported at once, naming the file and
 * task. Its paths are relative to it and must stay inside its directory, links resolved: all of them
 * are checked before any is read.
 */
export async function readManifestSuite(manifest: string): Promise<BenchTask[]> {
  const text = await readFile(manifest, 'utf8').catch((error: Error) => { throw new ConfigurationError(`cannot read suite manifest ${manifest}: ${error.message}`); });
  const entries = manifest.endsWith('.jsonl') ? parseJsonLines(text, manifest) : parseTomlTasks(text, manifest);
  const base = path.dirname(manifest);
  const paths = collectSuitePaths(openSuiteRoot(base));
  const errors: string[] = [];
  const planned: PlannedTask[] = [];
  for (const { where, value } of entries) {
    const parsed = manifestTaskSchema.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      errors.push(...parsed.error.issues.map((issue) => `${where}: ${describeSchemaIssue(issue, [], () => MANIFEST_TASK_EXAMPLE)}`));
      continue;
    }
    try {
      planned.push(planTask(parsed.data, base, where, paths, errors));
    } catch (error) {
      errors.push(error instanceof ConfigurationError ? error.message : String(error));
    }
  }
  refuseSuiteProblems(paths.root, paths.problems);
  const seen = new Map<string, string>();
  for (const { task, where } of planned) {
    const earlier = seen.get(task.id);
    if (earlier !== undefined) errors.push(`${manifest}: task id "${task.id}" appears twice (${describeEntry(earlier, manifest)} and ${describeEntry(where, manifest)}); ids must be unique`);
    else seen.set(task.id, where);
  }
  if (errors.length > 0) throw new ConfigurationError(errors.join('\n'));
  if (planned.length === 0) throw new ConfigurationError(`${manifest} lists no tasks. Example:\n${MANIFEST_TASK_EXAMPLE}`);
  return Promise.all(planned.map((entry) => readTask(entry)));
}

/** `task 2` (TOML) or `line 3` (JSONL), from the `where` an entry was read at. */
function describeEntry(where: string, manifest: string): string {
  return where.slice(manifest.length).replace(/^: /, '').replace(/^:(\d+)$/, 'line $1');
}

function parseTomlTasks(text: string, manifest: string): Array<{ where: string; value: unknown }> {
  const parsed = parseTomlDocument(text, manifest);
  if ('error' in parsed) throw new ConfigurationError(parsed.error);
  const unknown = Object.keys(parsed.document).filter((key) => key !== 'task');
  if (unknown.length > 0) throw new ConfigurationError(`${manifest}: unknown key ${unknown.map((key) => `"${key}"`).join(', ')}; a manifest holds only [[task]] tables. Example:\n${MANIFEST_TASK_EXAMPLE}`);
  const list = parsed.document['task'];
  if (list !== undefined && !Array.isArray(list)) throw new ConfigurationError(`${manifest}: "task" must be an array of tables ([[task]]). Example:\n${MANIFEST_TASK_EXAMPLE}`);
  return (list ?? []).map((value, index) => ({ where: `${manifest}: task ${index + 1}`, value }));
}

function parseJsonLines(text: string, manifest: string): Array<{ where: string; value: unknown }> {
  return text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    try {
      return [{ where: `${manifest}:${index + 1}`, value: JSON.parse(line) as unknown }];
    } catch (error) {
      throw new ConfigurationError(`${manifest}:${index + 1}: not JSON (${(error as Error).message}); each line is one task object, e.g. {"id":"t1","crate":"binary-search"}`);
    }
  });
}

/** Where the task's files really are (checked against the manifest's directory); nothing is read yet. */
function planTask(task: ManifestTask, base: string, where: string, paths: SuitePathCollector, errors: string[]): PlannedTask {
  validateTaskId(task.id, where);
  const unreadable = (relative: string, key: string): string => `${where}: ${key} = "${relative}" cannot be read (paths are relative to the manifest)`;
  const locate = (relative: string, key: string, expected: 'file' | 'directory'): string | null => {
    const before = paths.problems.length;
    const real = paths.resolve(path.resolve(base, relative), expected);
    // The suite's problems name the resolved path; say which key of which task gave it.
    if (paths.problems.length > before) paths.problems[paths.problems.length - 1] = `${where}: ${key} = "${relative}": ${paths.problems[paths.problems.length - 1]}`;
    else if (real === null) errors.push(unreadable(relative, key));
    return real;
  };
  const crateDir = task.crate === undefined ? null : locate(task.crate, 'crate', 'directory');
  if (crateDir !== null) paths.problems.push(...checkCrateTree(paths.root, crateDir));
  const brokenPath = task.single_file ?? task.broken ?? path.join(task.crate ?? '', task.file);
  const broken = locate(brokenPath, task.single_file === undefined ? 'broken' : 'single_file', 'file');
  const original = task.original === undefined ? null : locate(task.original, 'original', 'file');
  return { task, where, crateDir, brokenPath, broken, original };
}

async function readTask({ task, crateDir, brokenPath, broken, original }: PlannedTask): Promise<BenchTask> {
  return {
    id: task.id, crateDir, file: crateDir === null ? SCRATCH_CRATE_FILE : task.file, brokenSource: await readFile(broken ?? '', 'utf8'),
    originalSource: original === null ? null : await readFile(original, 'utf8'), functions: task.functions,
    defectClass: task.defect_class ?? null, expectedFailingFunction: task.expected_failing_function ?? null, defects: task.defects, origin: task.source ?? path.basename(brokenPath),
    category: task.category ?? null,
  };
}
