import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HARNESS_RUNTIME } from './harness-runtime.js';

/** The runtime's crate name: the harness module binds it as `runtime` (HARNESS_RUNTIME_IMPORT). */
export const HARNESS_RUNTIME_CRATE = 'verus_repair_spec_runtime';
export const HARNESS_RUNTIME_PACKAGE = 'verus-repair-spec-runtime';

/**
 * The harness module's first item: the runtime crate under the name the glue uses, reachable from
 * anywhere in the crate as `crate::verus_repair_spec_check::runtime`. `extern crate` rather than
 * `use`, so it resolves in every edition.
 */
export const HARNESS_RUNTIME_IMPORT = `pub extern crate ${HARNESS_RUNTIME_CRATE} as runtime;`;

// No dependencies (no registry, so --offline holds) and no [workspace]: a path dependency outside the
// harness crate's directory is not a member of its workspace, and cargo reads no other workspace for it.
const MANIFEST = `[package]\nname = "${HARNESS_RUNTIME_PACKAGE}"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n[lib]\nname = "${HARNESS_RUNTIME_CRATE}"\npath = "src/lib.rs"\n`;
const FILES: ReadonlyArray<[string, string]> = [['Cargo.toml', MANIFEST], ['src/lib.rs', HARNESS_RUNTIME]];

/**
 * Writes the runtime crate under `targetDir` (the shared pre-check target directory, which the
 * sandbox binds writable, so the build can read it) in a directory named after the digest of its
 * files, and returns that directory. Every harness crate depends on it by this absolute path, so
 * cargo builds it once per target directory and runtime version: a path package's artifacts are
 * named by a hash of its name, version and path, the absolute one for a package outside the
 * workspace (C core/package_id.rs:203-208, core/source_id.rs:564-580), the same for every harness
 * crate, and stay fresh while no source is newer than the last build (C core/compiler/fingerprint/mod.rs:2179,
 * cargo 0.96.0). The files are never changed after the rename, so that holds. Concurrent first writes each write a
 * temporary directory and rename it into place; a rename onto the directory another one already
 * placed fails, and the loser removes its copy.
 */
export async function writeHarnessRuntimeCrate(targetDir: string): Promise<string> {
  const digest = createHash('sha256');
  for (const [file, text] of FILES) digest.update(`${file}\0${text.length}\0${text}`);
  // An absolute path: the harness manifest names it, and cargo reads a relative one against that manifest.
  const directory = path.join(path.resolve(targetDir), HARNESS_RUNTIME_PACKAGE, digest.digest('hex').slice(0, 16));
  const found = await readRuntime(directory);
  if (found === 'runtime') return directory;
  const temporary = `${directory}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  // Other files there (edited by hand) are moved aside whole, then written again.
  if (found === 'other') await rename(directory, `${temporary}.old`).then(() => rm(`${temporary}.old`, { recursive: true, force: true }), () => undefined);
  for (const [file, text] of FILES) {
    await mkdir(path.dirname(path.join(temporary, file)), { recursive: true });
    await writeFile(path.join(temporary, file), text);
  }
  try {
    await rename(temporary, directory);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    if ((await readRuntime(directory)) !== 'runtime') throw error;
  }
  return directory;
}

/** Whether `directory` holds the runtime's files (a directory appears there only by the rename of a complete copy). */
async function readRuntime(directory: string): Promise<'runtime' | 'absent' | 'other'> {
  if ((await stat(directory).catch(() => null)) === null) return 'absent';
  for (const [file, text] of FILES) {
    if ((await readFile(path.join(directory, file), 'utf8').catch(() => null)) !== text) return 'other';
  }
  return 'runtime';
}
