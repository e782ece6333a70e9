import { existsSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';

/** The files git keeps while an operation waits for the user; a commit made then would fall into it. */
const OPERATION_MARKERS = [
  { marker: 'MERGE_HEAD', operation: 'merge' },
  { marker: 'CHERRY_PICK_HEAD', operation: 'cherry-pick' },
  { marker: 'REVERT_HEAD', operation: 'revert' },
  { marker: 'rebase-merge', operation: 'rebase' },
  { marker: 'rebase-apply', operation: 'rebase' },
] as const;

/**
 * When a merge, cherry-pick, revert or rebase is unfinished in `repoDir`, says which, with git's own
 * account of it (the lines `git status` prints about it, such as "You have unmerged paths." and how to
 * conclude or abort); null otherwise. apply refuses then rather than letting `git commit` fail half-way.
 */
export async function describeUnfinishedOperation(repoDir: string): Promise<string | null> {
  const located = await execa('git', ['rev-parse', ...OPERATION_MARKERS.flatMap(({ marker }) => ['--git-path', marker])], { cwd: repoDir, reject: false });
  if (located.exitCode !== 0) return null;
  const paths = String(located.stdout).split('\n');
  const found = OPERATION_MARKERS.find((_, index) => existsSync(path.resolve(repoDir, paths[index] ?? '')));
  if (found === undefined) return null;
  const status = await execa('git', ['-c', 'color.status=false', 'status', '--long'], { cwd: repoDir, reject: false });
  // The first paragraph after the branch line is git's description of the operation and its hints.
  const account = String(status.stdout).split('\n').slice(1);
  const end = account.indexOf('');
  const gitSays = (end === -1 ? account : account.slice(0, end)).filter((line) => line.trim() !== '').join('\n');
  return `a ${found.operation} is unfinished in ${repoDir} (${found.marker} exists)${gitSays === '' ? '' : `; git status says:\n${gitSays}`}`;
}
