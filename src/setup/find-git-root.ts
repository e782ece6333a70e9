import { stat } from 'node:fs/promises';
import path from 'node:path';

/** The nearest ancestor of `start` (inclusive) holding `.git` (a directory, or a file in a worktree); null outside git. */
export async function findGitRoot(start: string): Promise<string | null> {
  let current = path.resolve(start);
  for (;;) {
    try {
      await stat(path.join(current, '.git'));
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return null;
      current = parent;
    }
  }
}
