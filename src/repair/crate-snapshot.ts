import { access, mkdir, mkdtemp, readFile, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listVerificationInputs } from '../verifier/cache/list-verification-inputs.js';
import { isolateScratchPackage } from '../verifier/precheck/isolate-scratch-package.js';

/** The files of a crate (Cargo.toml, Cargo.lock, build.rs, src/**), by crate-relative path. */
export type CrateFiles = Map<string, Uint8Array>;

export async function readCrateFiles(crateDir: string): Promise<CrateFiles> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir });
  const files: CrateFiles = new Map();
  for (const file of inputs.files) files.set(file, await readFile(path.join(inputs.root, ...file.split('/'))));
  return files;
}

/**
 * `files` with `file` replaced by `text`. When the file began with a UTF-8 byte order mark and the
 * text does not (a model rarely repeats an invisible character), the mark is kept, so every checked
 * and recorded candidate has the user's bytes where it did not change them.
 */
export function withFile(files: CrateFiles, file: string, text: string): CrateFiles {
  const keepMark = startsWithByteOrderMark(files.get(file)) && !text.startsWith('\uFEFF');
  return new Map(files).set(file, new TextEncoder().encode(keepMark ? `\uFEFF${text}` : text));
}

function startsWithByteOrderMark(bytes: Uint8Array | undefined): boolean {
  return bytes !== undefined && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * Writes a candidate crate into a fresh directory under the system temp dir, outside any cargo
 * workspace of the user's repo. A workspace member has no Cargo.lock of its own, so the nearest
 * enclosing one is copied beside it to keep dependency versions (and offline builds) as they were.
 * The copy's package gets a name of its own (isolateScratchPackage), so copies can share one cargo
 * target directory without reusing each other's builds.
 */
export async function materializeCrate(files: CrateFiles, originalCrateDir: string, label: string): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), `verus-repair-${label.replace(/[^A-Za-z0-9_-]/g, '-')}-`));
  for (const [file, bytes] of isolateScratchPackage(files)) {
    const destination = path.join(directory, ...file.split('/'));
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, bytes);
  }
  if (!files.has('Cargo.lock')) {
    const lock = await findEnclosingLockFile(originalCrateDir);
    if (lock !== null) await copyFile(lock, path.join(directory, 'Cargo.lock'));
  }
  return directory;
}

async function findEnclosingLockFile(start: string): Promise<string | null> {
  let directory = path.resolve(start);
  for (;;) {
    const candidate = path.join(directory, 'Cargo.lock');
    if (await access(candidate).then(() => true, () => false)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}
