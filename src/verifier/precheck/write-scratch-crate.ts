import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeManifestSelfContained } from '../sandbox/make-manifest-self-contained.js';
import { isolateScratchPackage } from './isolate-scratch-package.js';
import { findEnclosingLockFile } from '../sandbox/find-enclosing-lock-file.js';

/**
 * Writes a crate's files into `directory` (a fresh scratch directory outside the user's tree) under a
 * package name of its own (isolateScratchPackage), so copies can share one cargo target directory
 * without reusing each other's builds. A workspace member has no Cargo.lock of its own, so the
 * nearest one enclosing `originalCrateDir` is copied beside it to keep dependency versions (and
 * offline builds) as they were. The manifest is made self-contained against `originalCrateDir`
 * (makeManifestSelfContained): `version.workspace = true`, `vstd = { workspace = true }` and
 * `[lints] workspace = true` resolved from the workspace root, whose profiles, patches and resolver
 * come along, and relative `path =` dependencies made absolute (`helper = { path = "../helper" }`
 * would otherwise name a sibling of the scratch directory). It is renamed after that, so the name's
 * digest covers what cargo builds. Used by repair's candidate copies and the spec-check harness crate.
 */
export async function writeScratchCrate(files: ReadonlyMap<string, Uint8Array>, originalCrateDir: string, directory: string): Promise<void> {
  for (const [file, bytes] of isolateScratchPackage(await withSelfContainedManifest(files, originalCrateDir))) {
    const destination = path.join(directory, ...file.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, bytes);
  }
  if (!files.has('Cargo.lock')) {
    const lock = await findEnclosingLockFile(originalCrateDir);
    if (lock !== null) await copyFile(lock, path.join(directory, 'Cargo.lock'));
  }
}

async function withSelfContainedManifest(files: ReadonlyMap<string, Uint8Array>, originalCrateDir: string): Promise<Map<string, Uint8Array>> {
  const manifest = files.get('Cargo.toml');
  if (manifest === undefined) return new Map(files);
  const selfContained = (await makeManifestSelfContained(Buffer.from(manifest).toString('utf8'), originalCrateDir)).manifest;
  return selfContained === null ? new Map(files) : new Map(files).set('Cargo.toml', Buffer.from(selfContained, 'utf8'));
}
