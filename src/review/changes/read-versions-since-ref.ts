import { readCrateSourcesAtRef } from '../../ledger/read-crate-sources-at-ref.js';
import type { CrateFiles } from '../../repair/setup/crate-snapshot.js';
import type { FileVersions } from './file-versions.js';
import { listWorkingTreeSources } from './list-working-tree-sources.js';

/**
 * Every Rust file under the crate's `src/` at `ref` and in the working tree (uncommitted and
 * untracked changes included: the working tree is what the review reads). A ref git does not know
 * is a ConfigurationError naming it, before anything else runs.
 */
export async function readVersionsSinceRef(crateDir: string, ref: string, crateFiles: CrateFiles): Promise<FileVersions[]> {
  const base = await readCrateSourcesAtRef(crateDir, ref, '--since');
  const current = listWorkingTreeSources(crateFiles);
  const files = [...new Set([...base.files.keys(), ...current.keys()])].sort();
  return files.map((file) => ({ file, before: base.files.get(file) ?? null, after: current.get(file) ?? null }));
}
