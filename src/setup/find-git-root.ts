import { findAncestorWith } from '../verifier/find-project-root.js';

/** The nearest ancestor of `start` (inclusive) holding `.git` (a directory, or a file in a worktree); null outside git. */
export function findGitRoot(start: string): Promise<string | null> {
  return findAncestorWith(start, '.git');
}
