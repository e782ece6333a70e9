import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../core/errors.js';

/**
 * `<repo>/.verus-repair/<parts...>` as a directory, created when missing. A plain file named
 * `.verus-repair` (or in the way below it) is the user's, so it is reported, never replaced.
 */
export async function ensureLedgerDirectory(repoDir: string, ...parts: string[]): Promise<string> {
  let directory = path.join(repoDir, '.verus-repair');
  for (const part of ['', ...parts]) {
    directory = part === '' ? directory : path.join(directory, part);
    const kind = await stat(directory).then((found) => (found.isDirectory() ? 'directory' : 'other'), () => 'missing');
    if (kind === 'other') {
      throw new ConfigurationError(`${directory} exists but is not a directory; verus-repair keeps its worktrees, locks and reports there. Move or remove that file and try again`);
    }
    if (kind === 'missing') await mkdir(directory, { recursive: true });
  }
  return directory;
}
