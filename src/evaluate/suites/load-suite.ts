import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { openSuiteRoot } from './check-suite-path.js';
import { readFixtureSuite } from './read-fixture-suite.js';
import { readManifestSuite } from './read-manifest-suite.js';
import { listVerusBenchSources, readVerusBenchSuite } from './read-verus-bench-suite.js';
import { locateVerusageTasks, readVerusageSuite } from './read-verusage-suite.js';

export type SuiteKind = 'manifest' | 'verus-bench' | 'verusage-bench' | 'fixtures';

const SUITE_FORMS = 'a manifest (.toml or .jsonl), a Verus-Bench checkout or source directory (unverified/*.rs), a VeruSAGE-Bench checkout or task directory (AL__*.rs, ...) or a directory of crates with broken/*.toml';

/**
 * A suite is a manifest file (.toml/.jsonl), a Verus-Bench directory (unverified/*.rs, or one such
 * directory per source), a VeruSAGE-Bench checkout or task directory (`<PROJECT>__*.rs`), or a
 * directory of crates with broken/*.toml variants (rust-fixtures). Decided by what SUITE is. Its
 * root (the directory, or the manifest's) bounds every file it may name, links resolved.
 */
export async function loadSuite(suite: string): Promise<{ kind: SuiteKind; tasks: BenchTask[] }> {
  const resolved = path.resolve(suite);
  if (!existsSync(resolved)) throw new ConfigurationError(`suite ${suite} does not exist; give ${SUITE_FORMS}`);
  if (statSync(resolved).isFile()) return { kind: 'manifest', tasks: await readManifestSuite(resolved) };
  if (!statSync(resolved).isDirectory()) throw new ConfigurationError(`suite ${suite} is neither a file nor a directory; give ${SUITE_FORMS}`);
  const root = openSuiteRoot(resolved);
  if (existsSync(path.join(resolved, 'unverified'))) return { kind: 'verus-bench', tasks: await readVerusBenchSuite(root) };
  const verusage = locateVerusageTasks(root);
  if (verusage !== null) return { kind: 'verusage-bench', tasks: await readVerusageSuite(root, verusage.tasksDir, verusage.publishedSuite) };
  if (listVerusBenchSources(root).length > 0) return { kind: 'verus-bench', tasks: await readVerusBenchSuite(root) };
  const tasks = await readFixtureSuite(root);
  if (tasks.length > 0) return { kind: 'fixtures', tasks };
  const entries = (await readdir(resolved)).slice(0, 5).join(', ');
  throw new ConfigurationError(`${suite} is not a suite: no unverified/ directory, no <PROJECT>__*.rs task files and no <crate>/broken/*.toml (found ${entries || 'nothing'}); give ${SUITE_FORMS}`);
}
