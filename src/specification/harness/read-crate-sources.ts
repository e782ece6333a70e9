import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listVerificationInputs } from '../../verifier/cache/list-verification-inputs.js';

/** The files of a crate (Cargo.toml, Cargo.lock, build.rs, src/**), by crate-relative path. */
export async function readCrateSources(crateDir: string): Promise<Map<string, Uint8Array>> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir });
  const files = new Map<string, Uint8Array>();
  for (const file of inputs.files) files.set(file, await readFile(path.join(inputs.root, ...file.split('/'))));
  return files;
}
