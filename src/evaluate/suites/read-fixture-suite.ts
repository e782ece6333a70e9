import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { ConfigurationError } from '../../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { checkCrateTree } from './check-crate-tree.js';
import { checkSuitePath, collectSuitePaths, refuseSuiteProblems, type SuiteRoot } from './check-suite-path.js';
import { refuseDuplicateTaskIds } from './refuse-duplicate-task-ids.js';
import { joinTaskId } from './join-task-id.js';
import { validateTaskId } from './validate-task-id.js';

interface PlannedVariant {
  id: string;
  crateDir: string;
  manifest: string;
  broken: string;
  library: string | null;
  origin: string;
}

/**
 * The rust-fixtures layout as one suite: every `<crate>/broken/<variant>.rs` with its `.toml`
 * manifest (defect_class, function) is a task replacing `<crate>/src/lib.rs`; the reference proof is
 * the crate's own src/lib.rs. Every path is checked against the root (and ids for duplicates) before
 * any file is read.
 */
export async function readFixtureSuite(root: SuiteRoot): Promise<BenchTask[]> {
  const paths = collectSuitePaths(root);
  const planned: PlannedVariant[] = [];
  for (const crate of readdirSync(root.real, { withFileTypes: true }).filter((entry) => entry.isDirectory() || entry.isSymbolicLink()).map((entry) => entry.name).sort()) {
    const given = path.join(root.given, crate);
    // A link to a file of the suite is no crate; one leaving the suite is refused (its names would be read).
    const linked = checkSuitePath(root, given, 'directory');
    if (linked.kind === 'refused' && linked.reason !== 'type') paths.problems.push(linked.problem);
    if (linked.kind !== 'inside') continue;
    const crateDir = linked.real;
    const brokenDir = paths.resolve(path.join(given, 'broken'), 'directory');
    if (brokenDir === null) continue;
    const manifests = readdirSync(brokenDir).filter((name) => name.endsWith('.toml')).sort();
    if (manifests.length === 0) continue;
    paths.problems.push(...checkCrateTree(root, crateDir));
    const library = paths.resolve(path.join(given, 'src', 'lib.rs'), 'file');
    for (const name of manifests) {
      const variant = name.slice(0, -5);
      const manifest = paths.resolve(path.join(given, 'broken', name), 'file');
      const broken = paths.resolve(path.join(given, 'broken', `${variant}.rs`), 'file', `${path.join(given, 'broken', name)} has no ${variant}.rs beside it`);
      if (manifest === null || broken === null) continue;
      const id = validateTaskId(joinTaskId(crate, variant), path.join(given, 'broken', name));
      planned.push({ id, crateDir, manifest, broken, library, origin: path.relative(path.dirname(root.given), path.join(given, 'broken', name)) });
    }
  }
  refuseSuiteProblems(root, paths.problems);
  refuseDuplicateTaskIds(planned.map((variant) => ({ id: variant.id, where: variant.manifest })));
  return Promise.all(planned.map(async (variant): Promise<BenchTask> => {
    let meta: Record<string, unknown>;
    try {
      meta = parse(await readFile(variant.manifest, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigurationError(`${variant.manifest}: ${(error as Error).message.split('\n')[0] ?? ''}`);
    }
    return {
      id: variant.id, crateDir: variant.crateDir, file: 'src/lib.rs',
      brokenSource: await readFile(variant.broken, 'utf8'),
      originalSource: variant.library === null ? null : await readFile(variant.library, 'utf8'),
      functions: [], defectClass: typeof meta['defect_class'] === 'string' ? meta['defect_class'] : null,
      expectedFailingFunction: typeof meta['function'] === 'string' ? meta['function'] : null, defects: 1, origin: variant.origin,
    };
  }));
}
