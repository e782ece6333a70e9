import path from 'node:path';
import { DEFAULT_GUARD_POLICY, type GuardVerdict } from '../core/guard-verdict.js';
import { guardCandidate } from '../guard/guard-candidate.js';
import type { ReadFileAt } from './audit-run-history.js';
import type { RunRequestFacts } from './read-run-request.js';

/**
 * The guard, again, on what `apply` would commit: HEAD's files as the original, the merged files as
 * the candidate, under the run's policy (plus the spec changes the user confirmed). The run's
 * verdict was against its base; HEAD may have moved since.
 */
export async function guardMergedResult(readFileAt: ReadFileAt, head: string, mergedTree: string, paths: readonly string[], request: RunRequestFacts | null, confirmedSpecChanges: readonly string[]): Promise<GuardVerdict> {
  const original = new Map<string, Uint8Array>();
  const candidate = new Map<string, Uint8Array>();
  for (const file of paths) {
    const before = await readFileAt(head, file);
    const after = await readFileAt(mergedTree, file);
    if (before !== null) original.set(file, before);
    if (after !== null) candidate.set(file, after);
  }
  const editableFiles = request === null ? paths.filter((file) => file.endsWith('.rs')) : [path.posix.join(request.crateDir, request.file)];
  const policy = request?.policy ?? DEFAULT_GUARD_POLICY;
  return guardCandidate({ original, candidate, editableFiles, policy: { ...policy, allowSpecChanges: [...policy.allowSpecChanges, ...confirmedSpecChanges] } });
}
