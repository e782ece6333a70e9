import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import type { BenchTask } from './bench-task.js';
import { readFixtureSuite } from './read-fixture-suite.js';
import { readManifestSuite } from './read-manifest-suite.js';
import { readVerusBenchSuite } from './read-verus-bench-suite.js';

export type SuiteKind = 'manifest' | 'verus-bench' | 'fixtures';

/**
 * A suite is a manifest file (.toml/.jsonl), a Verus-Bench directory (unverified/*.rs), or a
 * directory of crates with broken/*.toml variants (rust-fixtures). Decided by what SUITE is.
 */
export async function loadSuite(suite: string): Promise<{ kind: SuiteKind; tasks: BenchTask[] }> {
  const resolved = path.resolve(suite);
  if (!existsSync(resolved)) throw new ConfigurationError(`suite ${suite} does not exist; give a manifest (.toml or .jsonl), a Verus-Bench directory (unverified/*.rs) or a directory of crates with broken/*.toml`);
  if (statSync(resolved).isFile()) return { kind: 'manifest', tasks: await readManifestSuite(resolved) };
  if (existsSync(path.join(resolved, 'unverified'))) return { kind: 'verus-bench', tasks: await readVerusBenchSuite(resolved) };
  const tasks = await readFixtureSuite(resolved);
  if (tasks.length > 0) return { kind: 'fixtures', tasks };
  const entries = (await readdir(resolved)).slice(0, 5).join(', ');
  throw new ConfigurationError(`${suite} is not a suite: no unverified/ directory and no <crate>/broken/*.toml (found ${entries || 'nothing'})`);
}
