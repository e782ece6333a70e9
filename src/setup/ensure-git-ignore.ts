import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `.verus-repair/` (runs, worktrees, cache) is local state: ignored, never committed. */
export const LOCAL_STATE_PATTERN = '.verus-repair/';

/** Adds `.verus-repair/` to the repository's .gitignore unless a line already ignores it. */
export async function ensureGitIgnore(repositoryRoot: string): Promise<'created' | 'added' | 'present'> {
  const file = path.join(repositoryRoot, '.gitignore');
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === null) {
    await writeFile(file, `${LOCAL_STATE_PATTERN}\n`, { flag: 'wx' });
    return 'created';
  }
  if (text.split(/\r?\n/).some((line) => /^\/?\.verus-repair(\/(\*\*?)?)?\s*$/.test(line))) return 'present';
  await writeFile(file, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${LOCAL_STATE_PATTERN}\n`);
  return 'added';
}
