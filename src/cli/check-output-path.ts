import { constants } from 'node:fs';
import { access, lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

import { ConfigurationError } from '../core/errors.js';

/** What a command is about to write at a path the user gave: one file (a report) or a directory it fills. */
export type OutputKind = 'file' | 'directory';

export interface OutputPathRequest {
  /** The option that named the path, for the message: `--sarif`, `--out`. */
  option: string;
  /** The path as the user gave it. */
  path: string;
  kind: OutputKind;
  /** Directory the path is relative to (the process's working directory by default). */
  cwd?: string;
  /**
   * Crate directories whose sources must never be written: their Cargo.toml, Cargo.lock, build.rs
   * and everything under src/. A report written over `src/lib.rs` destroys the code under review.
   */
  protectedCrates?: readonly string[];
}

/** File systems whose "files" are kernel interfaces: writing there is never a report. */
const PSEUDO_FILE_SYSTEM_ROOTS = ['/proc', '/sys', '/dev'];

/**
 * Checks, before any work starts, that a command may write its output at a user-given path, and
 * returns the absolute path. Refuses: anything inside a git directory (a report written into
 * `.git/refs` or over `.git/HEAD` breaks the repository), a crate source, kernel pseudo-files and
 * devices (`/dev/full`, `/proc/version`: a write fails or never ends), a file where a directory is
 * expected and the reverse, a file output whose directory is missing, and a place the user cannot
 * write. Nothing is created here: a refused path leaves the disk as it was.
 */
export async function checkOutputPath(request: OutputPathRequest): Promise<string> {
  const cwd = request.cwd ?? process.cwd();
  const requested = resolve(cwd, request.path);
  const refuse = (why: string): never => {
    throw new ConfigurationError(`${request.option} ${request.path}: ${why}`);
  };

  const { existing, missingTail } = await splitAtNearestExisting(requested);
  // Resolving symlinks first means a link named report.md pointing at src/lib.rs is seen as src/lib.rs.
  const existingReal = await realpath(existing);
  const target = missingTail.length === 0 ? existingReal : join(existingReal, ...missingTail);

  for (const root of PSEUDO_FILE_SYSTEM_ROOTS) {
    if (target === root || target.startsWith(root + sep)) refuse(`${root} holds kernel interfaces and devices, not reports; give a path in a normal directory`);
  }
  const gitDirectory = await findEnclosingGitDirectory(target);
  if (gitDirectory !== null) refuse(`this is inside the git directory ${gitDirectory}; writing there corrupts the repository. Give a path outside .git`);

  for (const crate of request.protectedCrates ?? []) {
    const crateReal = await realpath(resolve(cwd, crate)).catch(() => resolve(cwd, crate));
    const source = crateSourceAt(crateReal, target);
    if (source !== null) refuse(`this is ${source} of the crate at ${crate}; a report must not overwrite the crate's sources. Give a path outside the crate's src/ and manifest`);
  }

  if (missingTail.length === 0) {
    const info = await stat(target);
    if (request.kind === 'file') {
      if (info.isDirectory()) refuse('this is a directory; give a file name for the report');
      if (!info.isFile()) refuse('this is not a regular file (a device, FIFO or socket); give a path to a regular file');
      await access(target, constants.W_OK).catch(() => refuse('this file is not writable'));
    } else {
      if (!info.isDirectory()) refuse('this exists and is not a directory; give a directory (it is created when missing)');
      await access(target, constants.W_OK | constants.X_OK).catch(() => refuse('this directory is not writable'));
    }
    return target;
  }

  const existingInfo = await stat(existingReal);
  if (!existingInfo.isDirectory()) refuse(`${existing} is not a directory, so nothing can be created under it`);
  if (request.kind === 'file' && missingTail.length > 1) refuse(`its directory ${dirname(requested)} does not exist; create it first`);
  await access(existingReal, constants.W_OK | constants.X_OK).catch(() => refuse(`${existing} is not writable`));
  return target;
}

/** The nearest existing ancestor of a path (the path itself when it exists) and the names below it. */
async function splitAtNearestExisting(path: string): Promise<{ existing: string; missingTail: string[] }> {
  const missingTail: string[] = [];
  let current = path;
  for (;;) {
    const exists = await lstat(current).then(() => true, () => false);
    if (exists) return { existing: current, missingTail };
    const parent = dirname(current);
    if (parent === current) return { existing: current, missingTail };
    missingTail.unshift(basename(current));
    current = parent;
  }
}

/**
 * The git directory a path lies in, or null. A component named `.git` is one; so is any directory that
 * holds `HEAD` and `objects/` (a bare repository, a `--separate-git-dir`, a worktree's admin directory).
 */
async function findEnclosingGitDirectory(path: string): Promise<string | null> {
  let current = path;
  for (;;) {
    if (basename(current) === '.git') return current;
    const isGitDirectory = await Promise.all([
      stat(join(current, 'HEAD')).then((info) => info.isFile(), () => false),
      stat(join(current, 'objects')).then((info) => info.isDirectory(), () => false),
    ]);
    if (isGitDirectory[0] && isGitDirectory[1]) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** Which source of the crate a path is (`src/lib.rs`, `Cargo.toml`), or null when it is none. */
function crateSourceAt(crateDirectory: string, path: string): string | null {
  if (!isAbsolute(path)) return null;
  const inside = relative(crateDirectory, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  const parts = inside.split(sep);
  if (parts.length === 1 && ['Cargo.toml', 'Cargo.lock', 'build.rs'].includes(parts[0] ?? '')) return parts[0] ?? null;
  if (parts[0] === 'src') return parts.join('/');
  return null;
}
