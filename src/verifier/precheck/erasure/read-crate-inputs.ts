import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listVerificationInputs } from '../../cache/list-verification-inputs.js';
import { findEnclosingLockFile } from '../../sandbox/find-enclosing-lock-file.js';

/**
 * What the erasure scan reads of a crate: its sources, Cargo.toml and Cargo.lock (a workspace
 * member's enclosing one when it has none: it locks vstd's companions too).
 */
export async function readCrateInputs(crateDir: string): Promise<Map<string, Uint8Array>> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir });
  const files = new Map<string, Uint8Array>();
  for (const file of inputs.files) files.set(file, await readFile(path.join(inputs.root, ...file.split('/'))));
  if (!files.has('Cargo.lock')) {
    const lock = await findEnclosingLockFile(path.dirname(inputs.root));
    if (lock !== null) files.set('Cargo.lock', await readFile(lock));
  }
  return files;
}
