import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import { describeSchemaIssue } from '../config/describe-schema-issue.js';
import { parseTomlDocument } from '../config/parse-toml-document.js';
import type { BenchTask } from './bench-task.js';
import { manifestTaskSchema, MANIFEST_TASK_EXAMPLE, type ManifestTask } from './manifest-task-schema.js';
import { SCRATCH_CRATE_FILE } from './scratch-crate.js';
import { validateTaskId } from './validate-task-id.js';

/** Reads a TOML (`[[task]]`) or JSONL manifest; every problem is reported at once, naming the file and task. */
export async function readManifestSuite(manifest: string): Promise<BenchTask[]> {
  const text = await readFile(manifest, 'utf8').catch((error: Error) => { throw new ConfigurationError(`cannot read suite manifest ${manifest}: ${error.message}`); });
  const entries = manifest.endsWith('.jsonl') ? parseJsonLines(text, manifest) : parseTomlTasks(text, manifest);
  const errors: string[] = [];
  const tasks: BenchTask[] = [];
  for (const { where, value } of entries) {
    const parsed = manifestTaskSchema.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      errors.push(...parsed.error.issues.map((issue) => `${where}: ${describeSchemaIssue(issue, [], () => MANIFEST_TASK_EXAMPLE)}`));
      continue;
    }
    try {
      tasks.push(await toBenchTask(parsed.data, path.dirname(manifest), where));
    } catch (error) {
      errors.push(error instanceof ConfigurationError ? error.message : String(error));
    }
  }
  const seen = new Set<string>();
  for (const task of tasks) {
    if (seen.has(task.id)) errors.push(`${manifest}: task id "${task.id}" appears twice; ids must be unique`);
    seen.add(task.id);
  }
  if (errors.length > 0) throw new ConfigurationError(errors.join('\n'));
  if (tasks.length === 0) throw new ConfigurationError(`${manifest} lists no tasks. Example:\n${MANIFEST_TASK_EXAMPLE}`);
  return tasks;
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

async function toBenchTask(task: ManifestTask, base: string, where: string): Promise<BenchTask> {
  const read = (relative: string, key: string): Promise<string> =>
    readFile(path.resolve(base, relative), 'utf8').catch(() => { throw new ConfigurationError(`${where}: ${key} = "${relative}" cannot be read (paths are relative to the manifest)`); });
  const crateDir = task.crate === undefined ? null : path.resolve(base, task.crate);
  const file = crateDir === null ? SCRATCH_CRATE_FILE : task.file;
  const brokenPath = task.single_file ?? task.broken ?? path.join(task.crate ?? '', task.file);
  return {
    id: validateTaskId(task.id, where), crateDir, file, brokenSource: await read(brokenPath, task.single_file === undefined ? 'broken' : 'single_file'),
    originalSource: task.original === undefined ? null : await read(task.original, 'original'), functions: task.functions,
    defectClass: task.defect_class ?? null, expectedFailingFunction: task.expected_failing_function ?? null, defects: task.defects, origin: task.source ?? path.basename(brokenPath),
    category: task.category ?? null,
  };
}
