import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { checkSuitePath, collectSuitePaths, refuseSuiteProblems, type SuitePathCollector, type SuiteRoot } from './check-suite-path.js';
import { joinTaskId, sanitizeTaskIdPart } from './join-task-id.js';
import { VERUS_BENCH_SOURCES, type PublishedSuite } from './published-suites.js';
import { refuseDuplicateTaskIds } from './refuse-duplicate-task-ids.js';
import { SCRATCH_CRATE_FILE } from '../coverage/scratch-crate.js';
import { validateTaskId } from './validate-task-id.js';

interface PlannedFile {
  id: string;
  given: string;
  broken: string;
  original: string | null;
  origin: string;
  category: string | null;
  publishedSuite: PublishedSuite | null;
}

/**
 * The Verus-Bench layout: `unverified/*.rs` are the tasks, `verified/*.rs` (same names) their
 * originals. Each file is one single-file task, wrapped in a scratch crate per attempt. A checkout
 * holds one such directory per source (CloverBench/, MBPP/, Diffy/, Misc/): the source is the
 * tasks' category, and task ids are `<source>.<file>` (names repeat across sources; joinTaskId).
 * Every path is checked against the root before any file is read.
 */
export async function readVerusBenchSuite(root: SuiteRoot): Promise<BenchTask[]> {
  const paths = collectSuitePaths(root);
  let planned: PlannedFile[];
  if (existsSync(path.join(root.real, 'unverified'))) {
    const source = path.basename(root.real);
    planned = planSource(paths, root.given, (VERUS_BENCH_SOURCES as readonly string[]).includes(source) ? source : null, null, sanitizeTaskIdPart);
  } else {
    const sources = listVerusBenchSources(root);
    // Only the whole suite is Verus-Bench; a checkout missing a source is part of it.
    const publishedSuite: PublishedSuite | null = VERUS_BENCH_SOURCES.every((source) => sources.includes(source)) ? 'Verus-Bench' : null;
    planned = sources.flatMap((source) => planSource(paths, path.join(root.given, source), source, publishedSuite, (stem) => joinTaskId(source, stem)));
  }
  refuseSuiteProblems(root, paths.problems);
  refuseDuplicateTaskIds(planned.map((file) => ({ id: file.id, where: file.given })));
  return Promise.all(planned.map(async (file): Promise<BenchTask> => ({
    id: file.id,
    crateDir: null,
    file: SCRATCH_CRATE_FILE,
    brokenSource: await readFile(file.broken, 'utf8'),
    originalSource: file.original === null ? null : await readFile(file.original, 'utf8'),
    functions: [],
    defectClass: null,
    expectedFailingFunction: null,
    defects: 1,
    origin: file.origin,
    category: file.category,
    publishedSuite: file.publishedSuite,
  })));
}

/**
 * The subdirectories of the root laid out as a Verus-Bench source (`<source>/unverified/`), sorted.
 * A linked source counts too; planSource refuses it when it leaves the root, before reading it.
 */
export function listVerusBenchSources(root: SuiteRoot): string[] {
  return readdirSync(root.real, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && existsSync(path.join(root.real, entry.name, 'unverified')))
    .map((entry) => entry.name).sort();
}

function planSource(paths: SuitePathCollector, directory: string, category: string | null, publishedSuite: PublishedSuite | null, idOf: (stem: string) => string): PlannedFile[] {
  if (paths.resolve(directory, 'directory') === null) return [];
  const unverified = paths.resolve(path.join(directory, 'unverified'), 'directory');
  if (unverified === null) return [];
  const names = readdirSync(unverified).filter((name) => name.endsWith('.rs')).sort();
  if (names.length === 0) throw new ConfigurationError(`${path.join(directory, 'unverified')} holds no .rs files; a Verus-Bench suite has unverified/*.rs (tasks) and verified/*.rs (originals)`);
  const verifiedDir = checkSuitePath(paths.root, path.join(directory, 'verified'), 'directory');
  if (verifiedDir.kind === 'refused') paths.problems.push(verifiedDir.problem);
  return names.flatMap((name): PlannedFile[] => {
    const given = path.join(directory, 'unverified', name);
    const broken = paths.resolve(given, 'file');
    const original = verifiedDir.kind === 'inside' ? paths.resolve(path.join(directory, 'verified', name), 'file') : null;
    if (broken === null) return [];
    return [{ id: validateTaskId(idOf(name.slice(0, -3)), given), given, broken, original, origin: `verus-bench:${category === null ? '' : `${category}/`}${name}`, category, publishedSuite }];
  });
}
