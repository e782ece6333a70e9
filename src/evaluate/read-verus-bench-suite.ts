import { existsSync, readdirSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { VERUS_BENCH_SOURCES, type PublishedSuite } from './published-suites.js';
import { SCRATCH_CRATE_FILE } from './scratch-crate.js';
import { validateTaskId } from './validate-task-id.js';

/**
 * The Verus-Bench layout: `unverified/*.rs` are the tasks, `verified/*.rs` (same names) their
 * originals. Each file is one single-file task, wrapped in a scratch crate per attempt. A checkout
 * holds one such directory per source (CloverBench/, MBPP/, Diffy/, Misc/): the source is the
 * tasks' category, and task ids are `<source>.<file>` (names repeat across sources).
 */
export async function readVerusBenchSuite(directory: string): Promise<BenchTask[]> {
  if (existsSync(path.join(directory, 'unverified'))) {
    const source = path.basename(path.resolve(directory));
    return readSource(directory, (VERUS_BENCH_SOURCES as readonly string[]).includes(source) ? source : null, null, (stem) => stem);
  }
  const sources = listVerusBenchSources(directory);
  // Only the whole suite is Verus-Bench; a checkout missing a source is part of it.
  const publishedSuite: PublishedSuite | null = VERUS_BENCH_SOURCES.every((source) => sources.includes(source)) ? 'Verus-Bench' : null;
  const perSource = await Promise.all(sources.map((source) => readSource(path.join(directory, source), source, publishedSuite, (stem) => `${source}.${stem}`)));
  return perSource.flat();
}

/** The subdirectories of DIRECTORY laid out as a Verus-Bench source (`<source>/unverified/`), sorted. */
export function listVerusBenchSources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(directory, entry.name, 'unverified')) && statSync(path.join(directory, entry.name, 'unverified')).isDirectory())
    .map((entry) => entry.name).sort();
}

async function readSource(directory: string, category: string | null, publishedSuite: PublishedSuite | null, idOf: (stem: string) => string): Promise<BenchTask[]> {
  const unverified = path.join(directory, 'unverified');
  const names = (await readdir(unverified)).filter((name) => name.endsWith('.rs')).sort();
  if (names.length === 0) throw new ConfigurationError(`${unverified} holds no .rs files; a Verus-Bench suite has unverified/*.rs (tasks) and verified/*.rs (originals)`);
  const verified = new Set(await readdir(path.join(directory, 'verified')).catch(() => [] as string[]));
  return Promise.all(names.map(async (name): Promise<BenchTask> => ({
    id: validateTaskId(idOf(name.slice(0, -3).replace(/[^A-Za-z0-9._-]/g, '_')), path.join(unverified, name)),
    crateDir: null,
    file: SCRATCH_CRATE_FILE,
    brokenSource: await readFile(path.join(unverified, name), 'utf8'),
    originalSource: verified.has(name) ? await readFile(path.join(directory, 'verified', name), 'utf8') : null,
    functions: [],
    defectClass: null,
    expectedFailingFunction: null,
    defects: 1,
    origin: `verus-bench:${category === null ? '' : `${category}/`}${name}`,
    category,
    publishedSuite,
  })));
}
