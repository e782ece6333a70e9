import { access, copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isolateScratchPackage } from './isolate-scratch-package.js';

/**
 * Writes a crate's files into `directory` (a fresh scratch directory outside the user's tree) under a
 * package name of its own (isolateScratchPackage), so copies can share one cargo target directory
 * without reusing each other's builds. A workspace member has no Cargo.lock of its own, so the
 * nearest one enclosing `originalCrateDir` is copied beside it to keep dependency versions (and
 * offline builds) as they were. Used by repair's candidate copies and the spec-check harness crate.
 */
export async function writeScratchCrate(files: ReadonlyMap<string, Uint8Array>, originalCrateDir: string, directory: string): Promise<void> {
  for (const [file, bytes] of isolateScratchPackage(new Map(files))) {
    const destination = path.join(directory, ...file.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, bytes);
  }
  if (!files.has('Cargo.lock')) {
    const lock = await findEnclosingLockFile(originalCrateDir);
    if (lock !== null) await copyFile(lock, path.join(directory, 'Cargo.lock'));
  }
}

async function findEnclosingLockFile(start: string): Promise<string | null> {
  for (let directory = path.resolve(start); ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'Cargo.lock');
    if (await access(candidate).then(() => true, () => false)) return candidate;
    if (path.dirname(directory) === directory) return null;
  }
}
