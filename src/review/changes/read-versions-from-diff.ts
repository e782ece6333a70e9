import { applyPatch, parsePatch, reversePatch, type StructuredPatch } from 'diff';
import { InputError } from '../../core/errors.js';
import type { FileVersions } from './file-versions.js';

/**
 * The crate's Rust files before and after a unified diff (`git diff` output) whose new side is the
 * working tree: each file the diff names gets its old text back by applying the diff in reverse to
 * the working tree's text; files it does not name are unchanged. Paths are taken relative to the
 * repository's top (git's `a/` and `b/` prefixes dropped) and kept when they fall under the crate's
 * `src/`. A diff that does not parse, or whose hunk does not apply to the working tree, is an
 * InputError at that line of the diff file.
 */
export function readVersionsFromDiff(diffFile: string, diffText: string, cratePrefix: string, current: ReadonlyMap<string, string>): FileVersions[] {
  const patches = parseDiff(diffFile, diffText);
  const hunkLines = diffText.split('\n').flatMap((line, index) => (line.startsWith('@@') ? [index + 1] : []));
  const changed = new Map<string, FileVersions>();
  let hunkIndex = 0;
  for (const patch of patches) {
    const firstHunkLine = hunkLines[hunkIndex] ?? 1;
    hunkIndex += patch.hunks.length;
    const oldPath = toCratePath(patch.oldFileName, cratePrefix);
    const newPath = toCratePath(patch.newFileName, cratePrefix);
    const file = newPath ?? oldPath;
    if (file === null || patch.hunks.length === 0) continue;
    const after = newPath === null ? null : (current.get(newPath) ?? null);
    if (newPath !== null && after === null) throw new InputError('diff-not-applicable', `the diff changes ${newPath}, which the working tree's crate does not have (was the diff made against another checkout?)`, { file: diffFile, line: firstHunkLine, column: 1 });
    const reversed = applyPatch(after ?? '', reversePatch(patch));
    if (reversed === false) throw new InputError('diff-not-applicable', `the diff of ${file} does not apply to the working tree's ${file} (the diff's new side must be the working tree)`, { file: diffFile, line: firstHunkLine, column: 1 });
    changed.set(file, { file, before: oldPath === null ? null : reversed, after });
    if (oldPath !== null && newPath !== null && oldPath !== newPath) changed.set(oldPath, { file: oldPath, before: reversed, after: current.get(oldPath) ?? null });
  }
  const files = [...new Set([...current.keys(), ...changed.keys()])].sort();
  return files.map((file) => changed.get(file) ?? { file, before: current.get(file) ?? null, after: current.get(file) ?? null });
}

function parseDiff(diffFile: string, diffText: string): StructuredPatch[] {
  try {
    return parsePatch(diffText);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = /line (\d+)/i.exec(message);
    throw new InputError('malformed-diff', `not a unified diff: ${message}`, { file: diffFile, line: line === null ? 1 : Number(line[1]), column: 1 });
  }
}

/** A diff's path as a crate-relative `src/**.rs` path, or null (/dev/null, another crate, not Rust source). */
function toCratePath(name: string | undefined, cratePrefix: string): string | null {
  if (name === undefined || name === '/dev/null') return null;
  const bare = name.replace(/\t.*$/, '').replace(/^[ab]\//, '');
  const relative = cratePrefix === '' ? bare : bare.startsWith(`${cratePrefix}/`) ? bare.slice(cratePrefix.length + 1) : null;
  return relative !== null && relative.startsWith('src/') && relative.endsWith('.rs') ? relative : null;
}
