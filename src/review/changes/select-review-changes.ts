import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../../core/errors.js';
import { readCrateRepositoryPath } from '../../ledger/crate-repository-path.js';
import { readCrateFiles } from '../../repair/setup/crate-snapshot.js';
import type { ChangeSelection } from './change-selection.js';
import { listWorkingTreeSources } from './list-working-tree-sources.js';
import { readVersionsFromDiff } from './read-versions-from-diff.js';
import { readVersionsSinceRef } from './read-versions-since-ref.js';
import { selectChangedFunctions } from './select-changed-functions.js';

/** What the changes are measured against: a git ref (`--since`) or a unified diff file (`--in-diff`). */
export type ChangeBase = { kind: 'ref'; ref: string } | { kind: 'diff'; file: string };

/**
 * The review of changes, before any build: read the crate's sources at the base and in the working
 * tree, and select the exec functions to review. Reads files and runs git, nothing else.
 */
export async function selectReviewChanges(crateDir: string, base: ChangeBase): Promise<ChangeSelection> {
  const crateFiles = await readCrateFiles(crateDir);
  if (base.kind === 'ref') return selectChangedFunctions(base.ref, await readVersionsSinceRef(crateDir, base.ref, crateFiles));
  const text = await readDiffFile(base.file);
  const location = await readCrateRepositoryPath(crateDir);
  return selectChangedFunctions(base.file, readVersionsFromDiff(base.file, text, location?.prefix ?? '', listWorkingTreeSources(crateFiles)));
}

async function readDiffFile(file: string): Promise<string> {
  try {
    return await readFile(path.resolve(file), 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new InputError('missing-path', `--in-diff: the diff file cannot be read (${code})`, { file, line: 1, column: 1 });
  }
}
