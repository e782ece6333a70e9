import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `.verus-repair/` (runs, worktrees, cache) is local state: ignored, never committed. */
export const LOCAL_STATE_PATTERN = '.verus-repair/';

/** Whether the repository's .gitignore already ignores `.verus-repair/` (false when there is none). */
export async function gitIgnoreHasLocalState(repositoryRoot: string): Promise<boolean> {
  const text = await readGitIgnore(path.join(repositoryRoot, '.gitignore'));
  return text !== null && ignoresLocalState(text);
}

/** Adds `.verus-repair/` to the repository's .gitignore unless a line already ignores it. */
export async function ensureGitIgnore(repositoryRoot: string): Promise<'created' | 'added' | 'present'> {
  const file = path.join(repositoryRoot, '.gitignore');
  const text = await readGitIgnore(file);
  if (text === null) {
    await writeFile(file, `${LOCAL_STATE_PATTERN}\n`, { flag: 'wx' });
    return 'created';
  }
  if (ignoresLocalState(text)) return 'present';
  await writeFile(file, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${LOCAL_STATE_PATTERN}\n`);
  return 'added';
}

async function readGitIgnore(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
}

function ignoresLocalState(text: string): boolean {
  return text.split(/\r?\n/).some((line) => /^\/?\.verus-repair(\/(\*\*?)?)?\s*$/.test(line));
}
