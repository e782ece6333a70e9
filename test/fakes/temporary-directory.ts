import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let parent: string | null = null;

/**
 * A fresh directory under one per-process parent in the system temp directory. Test files remove
 * the parent in `afterAll(removeTemporaryDirectories)`; a process exit removes it too.
 */
export function createTemporaryDirectory(prefix: string): string {
  if (parent === null) {
    const created = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-tests-'));
    parent = created;
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(path.join(parent, `${prefix}-`));
}

/** Removes every directory created so far by this process. */
export function removeTemporaryDirectories(): void {
  if (parent !== null) rmSync(parent, { recursive: true, force: true });
  parent = null;
}
