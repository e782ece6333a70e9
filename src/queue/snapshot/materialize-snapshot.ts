import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { VerificationSnapshot } from './verification-snapshot.js';

/**
 * Writes a decoded snapshot into a fresh private directory (mode 0700) under the worker's own
 * directory. Every directory and file is created here (`wx`: never through anything already there),
 * so no name can follow a symlink out. The caller removes the directory.
 */
export async function materializeSnapshot(snapshot: VerificationSnapshot, workerRoot: string): Promise<string> {
  const directory = await mkdtemp(path.join(workerRoot, 'job-'));
  for (const file of snapshot.files) {
    const destination = path.join(directory, ...file.path.split('/'));
    if (!destination.startsWith(`${directory}${path.sep}`)) throw new Error(`refusing to write outside the job directory: ${file.path}`);
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
    await writeFile(destination, file.bytes, { flag: 'wx', mode: 0o600 });
  }
  return directory;
}
