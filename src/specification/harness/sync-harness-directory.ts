import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a sync changed, by relative path (`/`-separated). */
export interface SyncedFiles {
  written: string[];
  removed: string[];
}

/**
 * Makes `directory` hold exactly `files` (relative paths, `/`-separated), besides the top-level
 * entries named in `keep`. A file whose content is already the same is not touched, so it keeps its
 * modification time and cargo counts what was built from it fresh (freshness is by mtime: C
 * core/compiler/fingerprint/mod.rs:2179, cargo 0.96.0); a changed one is written to a new name and
 * renamed over, so it is newer than the last build's dep-info and is built again.
 *
 * The directory is a sandboxed build's working copy, so nothing in it is trusted: every file is
 * compared by content each time, entries are read with lstat and a symlink (or anything neither a
 * file nor a directory) is removed, never followed, and a file with other hard links is replaced
 * rather than kept (the other name could be written later).
 */
export async function syncHarnessDirectory(files: ReadonlyMap<string, Uint8Array>, directory: string, keep: readonly string[] = []): Promise<SyncedFiles> {
  const synced: SyncedFiles = { written: [], removed: [] };
  const wanted = new Set(files.keys());
  const directories = new Set([...wanted].flatMap((file) => file.split('/').slice(0, -1).map((_, index, parts) => parts.slice(0, index + 1).join('/'))));
  await pruneDirectory(directory, '', { wanted, directories, keep: new Set(keep) }, synced);
  for (const [file, bytes] of [...files].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) {
    const destination = path.join(directory, ...file.split('/'));
    const found = await lstat(destination).catch(() => null);
    if (found !== null && found.nlink === 1 && Buffer.from(bytes).equals(await readFile(destination))) continue;
    await mkdir(path.dirname(destination), { recursive: true });
    const temporary = path.join(path.dirname(destination), `.${path.basename(destination)}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temporary, bytes);
    await rename(temporary, destination);
    synced.written.push(file);
  }
  return synced;
}

interface Wanted {
  wanted: ReadonlySet<string>;
  directories: ReadonlySet<string>;
  keep: ReadonlySet<string>;
}

/** Removes what `wanted` does not name below `relative`: a file where a directory is wanted and the reverse included. */
async function pruneDirectory(root: string, relative: string, want: Wanted, synced: SyncedFiles): Promise<void> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (relative === '' && want.keep.has(entry.name) && !entry.isSymbolicLink()) continue;
    const full = path.join(root, ...name.split('/'));
    if (entry.isDirectory() && want.directories.has(name)) {
      await pruneDirectory(root, name, want, synced);
      continue;
    }
    if (entry.isFile() && want.wanted.has(name)) continue;
    await rm(full, { recursive: true, force: true });
    synced.removed.push(name);
  }
}
