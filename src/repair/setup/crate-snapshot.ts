import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listVerificationInputs } from '../../verifier/cache/list-verification-inputs.js';
import { writeScratchCrate } from '../../verifier/precheck/write-scratch-crate.js';

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
 * workspace of the user's repo (writeScratchCrate: a self-contained manifest, with what the crate
 * inherits from its workspace resolved, its own package name, the enclosing Cargo.lock).
 */
export async function materializeCrate(files: CrateFiles, originalCrateDir: string, label: string): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), `verus-repair-${label.replace(/[^A-Za-z0-9_-]/g, '-')}-`));
  await writeScratchCrate(files, originalCrateDir, directory);
  return directory;
}
