import { execa } from 'execa';
import { ConfigurationError } from '../core/errors.js';
import { parseCommitTrailers } from './proof-trailers.js';

/** A commit of the user's history as `audit --since` reads it. */
export interface HistoryCommit {
  sha: string;
  subject: string;
  trailers: Map<string, string>;
  /** Repository-relative paths the commit changed against its parent (added, modified, deleted). */
  files: string[];
}

/**
 * The non-merge commits reachable from HEAD and not from `ref`, oldest first, with the files each
 * changed. A merge's changes are those of the commits it merges, which are listed themselves. A ref
 * git does not know is a ConfigurationError naming it.
 */
export async function readCommitsSince(repoDir: string, ref: string): Promise<{ base: string; commits: HistoryCommit[] }> {
  const resolved = await execa('git', ['rev-parse', '--verify', '-q', '--end-of-options', `${ref}^{commit}`], { cwd: repoDir, reject: false });
  if (resolved.exitCode !== 0) throw new ConfigurationError(`--since ${ref}: no such commit in the repository at ${repoDir}`);
  const base = resolved.stdout.trim();
  const listed = await execa('git', ['rev-list', '--reverse', '--no-merges', `${base}..HEAD`], { cwd: repoDir, reject: false });
  if (listed.exitCode !== 0) throw new ConfigurationError(`--since ${ref}: git rev-list failed (${listed.stderr.trim()})`);
  const commits: HistoryCommit[] = [];
  for (const sha of listed.stdout.split('\n').filter((line) => line !== '')) {
    const message = await execa('git', ['show', '-s', '--format=%B', sha], { cwd: repoDir });
    const files = await execa('git', ['diff-tree', '--no-commit-id', '-r', '-z', '--name-only', '--root', sha], { cwd: repoDir });
    commits.push({ sha, subject: message.stdout.split('\n')[0] ?? '', trailers: parseCommitTrailers(message.stdout), files: files.stdout.split('\0').filter((entry) => entry !== '') });
  }
  return { base, commits };
}

/** Repository-relative paths of the files under `directory` ('' for all) at `sha`. */
export async function listFilesAtCommit(repoDir: string, sha: string, directory: string): Promise<string[]> {
  const listed = await execa('git', ['ls-tree', '-r', '-z', '--name-only', sha, '--', directory === '' ? '.' : `${directory}/`], { cwd: repoDir, reject: false });
  return listed.exitCode === 0 ? listed.stdout.split('\0').filter((entry) => entry !== '') : [];
}
