import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VerificationInputs } from '../../verifier/cache/verification-inputs.js';

export const SNAPSHOT_FORMAT = 'verus-repair-snapshot/1';

/** One file of a snapshot: a relative `/`-separated path and its bytes. */
export interface SnapshotFile {
  path: string;
  bytes: Buffer;
}

/**
 * The files a verification reads (exactly the result cache's list, so never `target/`), named by
 * the sha256 of their paths, lengths and bytes in sorted order.
 */
export interface VerificationSnapshot {
  hash: string;
  files: SnapshotFile[];
}

export async function readVerificationSnapshot(inputs: VerificationInputs): Promise<VerificationSnapshot> {
  const files: SnapshotFile[] = [];
  for (const file of inputs.files) files.push({ path: file, bytes: await readFile(path.join(inputs.root, ...file.split('/'))) });
  return { hash: hashSnapshotFiles(files), files };
}

export function hashSnapshotFiles(files: readonly SnapshotFile[]): string {
  const hash = createHash('sha256').update(`${SNAPSHOT_FORMAT}\0`);
  for (const file of files) {
    hash.update(`file\0${file.path}\0${file.bytes.length}\0`);
    hash.update(file.bytes);
  }
  return hash.digest('hex');
}

/** The stored form: JSON with base64 contents (Redis strings are binary-safe, JSON keeps it inspectable). */
export function encodeSnapshot(snapshot: VerificationSnapshot): string {
  return JSON.stringify({ format: SNAPSHOT_FORMAT, files: snapshot.files.map((file) => ({ path: file.path, content: file.bytes.toString('base64') })) });
}
