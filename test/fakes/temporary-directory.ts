import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** Writes each `relative path → text` under `root`, creating directories as needed (a crate, a workspace). */
export function writeFileTree(root: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
