import { access } from 'node:fs/promises';
import path from 'node:path';

/**
 * The nearest Cargo.lock in `start` or above it, or null. A workspace member has no lock of its own;
 * cargo uses its workspace root's, so a copy of the member takes that one to keep its versions.
 */
export async function findEnclosingLockFile(start: string): Promise<string | null> {
  for (let directory = path.resolve(start); ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'Cargo.lock');
    if (await access(candidate).then(() => true, () => false)) return candidate;
    if (path.dirname(directory) === directory) return null;
  }
}
