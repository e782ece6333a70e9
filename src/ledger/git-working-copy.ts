import { access, rm, unlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { execa } from 'execa';
import { AdapterError } from '../core/errors.js';
import { readIdentityArgs } from './git-identity.js';

/** The outcome of a three-way merge of trees: the merged tree, or the files that conflict. */
export type TreeMerge = { status: 'clean'; tree: string } | { status: 'conflict'; files: string[] };

/** Committing onto the user's branch: the new commit, or git's refusal (a hook's output) with nothing changed. */
export type BranchCommit = { status: 'committed'; commit: string } | { status: 'failed'; output: string };

/**
 * The git adapter for the user's own branch, index and working tree (the ledger never writes
 * there; `apply` does, through this). Failures that are data (a conflict, a refused commit) come
 * back as values; anything else is an AdapterError naming the git command.
 */
export class GitWorkingCopy {
  constructor(readonly repoDir: string) {}

  /** The index lock file when it exists (another git process running, or one that died). */
  async heldIndexLock(): Promise<string | null> {
    const relative = (await this.git(['rev-parse', '--git-path', 'index.lock'])).trim();
    const file = isAbsolute(relative) ? relative : join(this.repoDir, relative);
    return (await access(file).then(() => true, () => false)) ? file : null;
  }

  async head(): Promise<string> {
    return (await this.git(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
  }

  /** Paths among `paths` with uncommitted changes (staged, unstaged or untracked). */
  async dirtyPaths(paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    const status = await this.git(['status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all', '--', ...paths]);
    return status.split('\0').filter((entry) => entry.length > 3).map((entry) => entry.slice(3));
  }

  /** `theirs`'s change since `base`, merged into `ours`, without touching the index or working tree (git ≥ 2.40). */
  async mergeTrees(base: string, ours: string, theirs: string): Promise<TreeMerge> {
    const result = await execa('git', ['merge-tree', '--write-tree', '--name-only', '-z', '--no-messages', `--merge-base=${base}`, ours, theirs], { cwd: this.repoDir, reject: false });
    const fields = String(result.stdout).split('\0').filter((field) => field !== '');
    if (result.exitCode === 0 && fields[0] !== undefined) return { status: 'clean', tree: fields[0] };
    if (result.exitCode === 1) return { status: 'conflict', files: [...new Set(fields.slice(1))] };
    throw new AdapterError(`git merge-tree failed (git 2.40 or later is needed): ${String(result.stderr).trim()}`);
  }

  /** Paths that differ between two trees or commits, optionally limited to `pathspecs`. */
  async changedPaths(from: string, to: string, pathspecs: readonly string[] = []): Promise<string[]> {
    const output = await this.git(['diff', '--name-only', '-z', '--no-renames', from, to, '--', ...pathspecs]);
    return output.split('\0').filter((path) => path !== '');
  }

  /**
   * Commits `paths` as they are in `tree` on top of HEAD, as one commit through `git commit` (so the
   * user's hooks and signing apply). Only these paths are staged and committed (`--only`); anything
   * else the user staged stays staged. The paths must be clean: when git refuses (a hook fails),
   * they are put back as HEAD has them, so the index and working tree are as they were.
   */
  async commitPathsFromTree(tree: string, paths: readonly string[], message: string): Promise<BranchCommit> {
    const inTree = await this.existingPaths(tree, paths);
    const inHead = await this.existingPaths('HEAD', paths);
    const messageFile = join(tmpdir(), `verus-repair-apply-${randomUUID()}`);
    await writeFile(messageFile, message);
    try {
      if (inTree.length > 0) await this.git(['checkout', tree, '--', ...inTree]);
      const removed = paths.filter((path) => !inTree.includes(path));
      if (removed.length > 0) await this.git(['rm', '-q', '--', ...removed]);
      const identity = await readIdentityArgs(this.repoDir);
      const result = await execa('git', [...identity, 'commit', '-q', '--only', '-F', messageFile, '--', ...paths], { cwd: this.repoDir, reject: false, all: true });
      if (result.exitCode === 0) return { status: 'committed', commit: await this.head() };
      await this.restoreFromHead(paths, inHead);
      return { status: 'failed', output: String(result.all ?? '').trim() };
    } catch (error) {
      await this.restoreFromHead(paths, inHead).catch(() => undefined);
      throw error;
    } finally {
      await rm(messageFile, { force: true });
    }
  }

  private async restoreFromHead(paths: readonly string[], inHead: readonly string[]): Promise<void> {
    if (inHead.length > 0) await this.git(['checkout', 'HEAD', '--', ...inHead]);
    const added = paths.filter((path) => !inHead.includes(path));
    if (added.length > 0) await this.git(['rm', '-q', '--cached', '--ignore-unmatch', '--', ...added]);
    for (const path of added) await unlink(join(this.repoDir, path)).catch(() => undefined);
  }

  private async existingPaths(treeish: string, paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    const listed = await this.git(['ls-tree', '-r', '-z', '--name-only', treeish, '--', ...paths]);
    const present = new Set(listed.split('\0'));
    return paths.filter((path) => present.has(path));
  }

  private async git(args: readonly string[]): Promise<string> {
    const result = await execa('git', args, { cwd: this.repoDir, reject: false });
    if (result.exitCode !== 0) throw new AdapterError(`git ${args[0] ?? ''} failed in ${this.repoDir}: ${String(result.stderr).trim()}`);
    return String(result.stdout);
  }
}
