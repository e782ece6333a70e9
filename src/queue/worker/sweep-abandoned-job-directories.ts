import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readJobDirectoryPid } from './job-directory-prefix.js';

/**
 * Removes job directories that workers of this host left when they were killed (SIGKILL leaves no
 * chance to clean up); their jobs were handed on by BullMQ. Returns how many it removed.
 */
export async function sweepAbandonedJobDirectories(directory = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const pid = readJobDirectoryPid(name);
    if (pid === null || pid === process.pid || isAlive(pid)) continue;
    await rm(path.join(directory, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
