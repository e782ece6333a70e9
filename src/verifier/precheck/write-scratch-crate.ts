import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rewritePathDependencies } from '../sandbox/rewrite-path-dependencies.js';
import { isolateScratchPackage } from './isolate-scratch-package.js';
import { findEnclosingLockFile } from '../sandbox/find-enclosing-lock-file.js';

/**
 * Writes a crate's files into `directory` (a fresh scratch directory outside the user's tree) under a
 * package name of its own (isolateScratchPackage), so copies can share one cargo target directory
 * without reusing each other's builds. A workspace member has no Cargo.lock of its own, so the
 * nearest one enclosing `originalCrateDir` is copied beside it to keep dependency versions (and
 * offline builds) as they were. Relative `path =` dependencies are made absolute against
 * `originalCrateDir` (rewritePathDependencies): `helper = { path = "../helper" }` would otherwise name
 * a sibling of the scratch directory, which does not exist. Used by repair's candidate copies and the
 * spec-check harness crate.
 */
export async function writeScratchCrate(files: ReadonlyMap<string, Uint8Array>, originalCrateDir: string, directory: string): Promise<void> {
  for (const [file, isolated] of isolateScratchPackage(new Map(files))) {
    const bytes = file === 'Cargo.toml' ? withAbsolutePathDependencies(isolated, originalCrateDir) : isolated;
    const destination = path.join(directory, ...file.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, bytes);
  }
  if (!files.has('Cargo.lock')) {
    const lock = await findEnclosingLockFile(originalCrateDir);
    if (lock !== null) await copyFile(lock, path.join(directory, 'Cargo.lock'));
  }
}

function withAbsolutePathDependencies(manifest: Uint8Array, originalCrateDir: string): Uint8Array {
  const rewritten = rewritePathDependencies(Buffer.from(manifest).toString('utf8'), path.resolve(originalCrateDir)).manifest;
  return rewritten === null ? manifest : Buffer.from(rewritten, 'utf8');
}
