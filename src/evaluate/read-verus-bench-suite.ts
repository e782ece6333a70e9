import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { SCRATCH_CRATE_FILE } from './scratch-crate.js';
import { validateTaskId } from './validate-task-id.js';

/**
 * The Verus-Bench layout: `unverified/*.rs` are the tasks, `verified/*.rs` (same names) their
 * originals. Each file is one single-file task, wrapped in a scratch crate per attempt.
 */
export async function readVerusBenchSuite(directory: string): Promise<BenchTask[]> {
  const unverified = path.join(directory, 'unverified');
  const names = (await readdir(unverified)).filter((name) => name.endsWith('.rs')).sort();
  if (names.length === 0) throw new ConfigurationError(`${unverified} holds no .rs files; a Verus-Bench suite has unverified/*.rs (tasks) and verified/*.rs (originals)`);
  const verified = new Set(await readdir(path.join(directory, 'verified')).catch(() => [] as string[]));
  return Promise.all(names.map(async (name): Promise<BenchTask> => ({
    id: validateTaskId(name.slice(0, -3).replace(/[^A-Za-z0-9._-]/g, '_'), path.join(unverified, name)),
    crateDir: null,
    file: SCRATCH_CRATE_FILE,
    brokenSource: await readFile(path.join(unverified, name), 'utf8'),
    originalSource: verified.has(name) ? await readFile(path.join(directory, 'verified', name), 'utf8') : null,
    functions: [],
    defectClass: null,
    expectedFailingFunction: null,
    defects: 1,
    origin: `verus-bench:${name}`,
  })));
}
