import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { listVerificationInputs } from '../cache/list-verification-inputs.js';
import { findInheritedCargoConfiguration } from './find-inherited-cargo-configuration.js';
import { makeManifestSelfContained } from './make-manifest-self-contained.js';
import { findEnclosingLockFile } from './find-enclosing-lock-file.js';

/** Cargo's own target directories beside src/: `cargo test` builds them, so the copy has them too. */
const TARGET_DIRECTORIES = ['tests', 'benches', 'examples'];

/** A private copy of a crate for cargo to run in (removed by its user when done). */
export interface CrateCopy {
  directory: string;
  /** The user's directories cargo reads from the copy: its path dependencies (bound read-only in bwrap). */
  readDirectories: string[];
}

/**
 * Copies a crate (its verification inputs plus tests/, benches/ and examples/) into a fresh temp
 * directory, so cargo never writes into the user's tree: cargo rewrites a stale Cargo.lock and
 * creates a missing one (C ops/lockfile.rs, cargo 0.96.0), and a build script may write beside
 * itself. Modification times are kept: cargo decides freshness by them, and keeps dep-info paths
 * relative to the package root, so a copy of unchanged files is as fresh as the crate itself. A
 * workspace member has no Cargo.lock of its own; the nearest enclosing one is copied to keep its
 * versions. `.cargo/` is not copied: configuration in the user's tree does not steer the copy.
 * The copy's Cargo.toml is self-contained (makeManifestSelfContained): relative `path` dependencies
 * made absolute, so a sibling crate is still found, and a workspace member's `workspace = true` keys,
 * profiles, patches and resolver resolved from its workspace root.
 * Used only when the crate's lock is stale or missing (placeCrateForCargo): else cargo runs in place.
 */
export async function copyCrateForCargo(crateDir: string): Promise<CrateCopy> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir });
  // The temp dir is often shared (/tmp): a .cargo/config or rust-toolchain file another user put
  // above it would steer cargo (an alias, a wrapper, another toolchain) in every copy.
  const inherited = await findInheritedCargoConfiguration(os.tmpdir());
  if (inherited.length > 0) throw new ConfigurationError(`refusing to run cargo in a copy under ${os.tmpdir()}: cargo would read ${inherited.join(', ')} there; remove it, or set TMPDIR to a private directory`);
  const files = [...inputs.files];
  for (const directory of TARGET_DIRECTORIES) files.push(...(await listFiles(inputs.root, directory)));
  const copy = await mkdtemp(path.join(os.tmpdir(), 'verus-repair-cargo-'));
  await chmod(copy, 0o755); // the Docker sandbox's non-root user reads it through a read-only mount
  for (const file of new Set(files)) await copyKeepingTimes(path.join(inputs.root, ...file.split('/')), path.join(copy, ...file.split('/')));
  const readDirectories = inputs.files.includes('Cargo.toml') ? await rewriteManifest(path.join(inputs.root, 'Cargo.toml'), path.join(copy, 'Cargo.toml'), inputs.root) : [];
  if (!inputs.files.includes('Cargo.lock')) {
    const enclosing = await findEnclosingLockFile(path.dirname(inputs.root));
    if (enclosing !== null) await copyKeepingTimes(enclosing, path.join(copy, 'Cargo.lock'));
  }
  return { directory: copy, readDirectories };
}

/** The copied manifest made self-contained, its modification time kept (cargo's freshness); returns the path dependencies' directories. */
async function rewriteManifest(original: string, copied: string, crateDir: string): Promise<string[]> {
  const rewritten = await makeManifestSelfContained(await readFile(copied, 'utf8'), crateDir);
  if (rewritten.manifest === null) return rewritten.pathDirectories;
  await writeFile(copied, rewritten.manifest);
  const times = await stat(original);
  await utimes(copied, times.atime, times.mtime);
  return rewritten.pathDirectories;
}

async function copyKeepingTimes(source: string, destination: string): Promise<void> {
  await mkdir(path.dirname(destination), { recursive: true });
  await copyFile(source, destination);
  const times = await stat(source);
  await utimes(destination, times.atime, times.mtime);
}

async function listFiles(root: string, relative: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
