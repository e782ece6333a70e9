import { access, mkdir, readFile, writeFile, appendFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { execa } from 'execa';
import { simpleGit, type SimpleGit } from 'simple-git';
import { AdapterError, ConfigurationError } from '../core/errors.js';
import { canonicalJson, computeSourceSha256, sha256Hex, type CheckedFile } from '../core/source-digest.js';
import { formatCommitMessage, parseCommitTrailers, type ProofTrailers } from './proof-trailers.js';
import { LEDGER_BASE_REF_PREFIX, LEDGER_BRANCH_PREFIX, LEDGER_NOTES_REF, LEDGER_RECORDED_REF_PREFIX, type LedgerNote } from './ledger-note.js';
import { REVIEW_BRANCH_PREFIX } from './review-refs.js';
import { ensureLedgerDirectory } from './ensure-ledger-directory.js';
import { checkRunId } from './run-id.js';
import { readIdentityArgs } from './git-identity.js';
import { runWorktreeDirectory } from './run-worktree-directory.js';

/** A run's isolated workspace: a git worktree on its own branch, so the user's tree is never touched. */
export interface RunWorkspace {
  runId: string;
  branch: string;
  worktreeDir: string;
}

export interface CandidateRecord {
  files: CheckedFile[];
  summary: string;
  trailers: Omit<ProofTrailers, 'sourceSha256' | 'noteSha256' | 'runId'>;
  note: Omit<LedgerNote, 'schema' | 'runId' | 'files' | 'sourceSha256' | 'proofResult' | 'iteration' | 'sample'>;
}

/** One ledger commit as read back for `log` and `audit`. */
export interface LedgerCommit {
  sha: string;
  parent: string | null;
  message: string;
  trailers: Map<string, string>;
  noteText: string | null;
}

/** Scratch directories to remove at exit, behind one listener: a process opening many ledgers (a bench) adds no listener per ledger. */
const scratchDirectories = new Set<string>();
function removeAtExit(directory: string): void {
  if (scratchDirectories.size === 0) process.once('exit', () => scratchDirectories.forEach((entry) => rmSync(entry, { recursive: true, force: true })));
  scratchDirectories.add(directory);
}

/** The git adapter of the proof ledger. Only this file runs git for the ledger. */
export class GitProofLedger {
  private identity: Promise<string[]> | null = null;
  private signing: Promise<string[]> | null = null;
  private scratch: Promise<string> | null = null;

  private constructor(
    readonly repoDir: string,
    private readonly git: SimpleGit,
  ) {}

  static async open(repoDir: string): Promise<GitProofLedger> {
    const isDirectory = await stat(repoDir).then((found) => found.isDirectory(), () => false);
    if (!isDirectory) throw new ConfigurationError(`${repoDir} is not a directory; name the repository (or a directory inside it) that holds the ledger`);
    const git = simpleGit(repoDir);
    const top = (await git.revparse(['--show-toplevel']).catch((error: unknown) => {
      throw new AdapterError(`${repoDir} is not inside a git repository`, { cause: error });
    })).trim();
    return new GitProofLedger(top, simpleGit(top));
  }

  async startRun(runId: string, baseCommit: string): Promise<RunWorkspace> {
    const branch = `${LEDGER_BRANCH_PREFIX}${checkRunId(runId)}`;
    await ensureLedgerDirectory(this.repoDir, 'worktrees');
    const worktreeDir = runWorktreeDirectory(this.repoDir, runId);
    await this.excludeLedgerDirectory();
    await this.git.raw(['worktree', 'add', '-b', branch, worktreeDir, baseCommit]);
    // The base is kept in its own ref, so that reading a run never depends on its (untrusted) commits;
    // the record ref starts there and follows every recorded candidate.
    await this.updateRefs([[`${LEDGER_BASE_REF_PREFIX}${runId}`, baseCommit, null], [`${LEDGER_RECORDED_REF_PREFIX}${runId}`, baseCommit, null]]);
    return { runId, branch, worktreeDir };
  }

  /**
   * The commit a run starts from: HEAD when nothing under `scope` changed, otherwise a new commit
   * (parented on HEAD, on no branch) holding the working-tree state of the tracked files under `scope`
   * plus the untracked files among `inputs` (what verification reads). Any other untracked file (an
   * `.env`, notes, build output) stays out of the ledger and is listed in `leftOut`. Built with a
   * temporary index, so the user's index and working tree are not touched.
   */
  async snapshotWorkingTree(scope: readonly string[], inputs: readonly string[]): Promise<{ commit: string; snapshotted: boolean; leftOut: string[] }> {
    const head = (await this.git.raw(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).catch(() => '')).trim();
    if (head === '') throw new ConfigurationError(`${this.repoDir} has no commits yet; commit your crate once (git add . && git commit) so the proof ledger has a base`);
    await this.excludeLedgerDirectory();
    const untracked = (await this.git.raw(['ls-files', '-z', '--others', '--exclude-standard', '--', ...scope])).split('\0').filter((file) => file !== '');
    const wanted = new Set(inputs);
    const added = untracked.filter((file) => wanted.has(file));
    const leftOut = untracked.filter((file) => !wanted.has(file));
    const directory = await mkdtemp(join(tmpdir(), 'verus-repair-index-'));
    try {
      const git = simpleGit({ baseDir: this.repoDir, allowEnvironment: ['GIT_INDEX_FILE'] }).env({ ...minimalGitEnvironment(), GIT_INDEX_FILE: join(directory, 'index') });
      await git.raw(['read-tree', head]);
      await git.raw(['add', '--update', '--', ...scope]);
      if (added.length > 0) await git.raw(['add', '--', ...added]);
      const tree = (await git.raw(['write-tree'])).trim();
      if (tree === (await this.git.raw(['rev-parse', `${head}^{tree}`])).trim()) return { commit: head, snapshotted: false, leftOut };
      const identity = await this.identityArgs();
      const commit = (await this.git.raw([...identity, 'commit-tree', tree, '-p', head, '-m', 'verus-repair: snapshot of uncommitted changes'])).trim();
      return { commit, snapshotted: true, leftOut };
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  /** The workspace of an existing run at its branch tip, re-created from its branch when the worktree was removed. */
  async reopenRun(runId: string): Promise<RunWorkspace> {
    const branch = `${LEDGER_BRANCH_PREFIX}${checkRunId(runId)}`;
    if ((await this.resolveCommit(`refs/heads/${branch}`)) === null) throw new ConfigurationError(`run ${runId} has no ledger branch ${branch} in ${this.repoDir}`);
    await ensureLedgerDirectory(this.repoDir, 'worktrees');
    const worktreeDir = runWorktreeDirectory(this.repoDir, runId);
    const exists = await access(join(worktreeDir, '.git')).then(() => true, () => false);
    if (!exists) {
      await this.git.raw(['worktree', 'prune']);
      await this.git.raw(['worktree', 'add', worktreeDir, branch]);
    }
    // A kill between staging a candidate and moving the branch leaves it staged; start from the tip.
    await simpleGit(worktreeDir).raw(['reset', '--hard', '-q', 'HEAD']);
    return { runId, branch, worktreeDir };
  }

  /**
   * Writes the candidate's files into the run's worktree and records them as a commit with trailers
   * and a note. The commit object is made first, then its note, and only then do the branch and the
   * record ref move (in one ref transaction): a reader never sees a branch commit without its note,
   * and a kill at any point leaves the branch at the previous, complete candidate.
   */
  async recordCandidate(run: RunWorkspace, record: CandidateRecord): Promise<string> {
    const sourceSha256 = computeSourceSha256(record.files);
    const note: LedgerNote = {
      schema: 'verus-repair/ledger-note@1',
      runId: run.runId,
      iteration: record.trailers.iteration,
      sample: record.trailers.sample,
      files: record.files.map((file) => file.path).sort(),
      sourceSha256,
      proofResult: record.trailers.proofResult,
      ...record.note,
    };
    const noteJson = canonicalJson(note);
    const message = formatCommitMessage(record.summary, {
      ...record.trailers,
      sourceSha256,
      runId: run.runId,
      noteSha256: sha256Hex(noteJson),
    });
    for (const file of record.files) {
      const target = join(run.worktreeDir, file.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.bytes);
    }
    const worktree = simpleGit(run.worktreeDir);
    // Verbose forms on purpose: simple-git waits an extra 50 ms after a git command that prints nothing.
    await worktree.raw(['add', '--verbose', '--', ...record.files.map((file) => file.path)]);
    const tree = (await worktree.raw(['write-tree'])).trim();
    const parent = (await worktree.raw(['rev-parse', 'HEAD'])).trim();
    const identity = await this.identityArgs();
    const signing = await this.signingArgs();
    const sha = (await this.withMessageFile(message, (path) => worktree.raw([...identity, 'commit-tree', tree, '-p', parent, ...signing, '-F', path]))).trim();
    // `git notes add` prints nothing, and simple-git waits 50 ms after any silent command; this one
    // call runs git directly, which halves the ledger's per-candidate cost.
    await this.withMessageFile(noteJson, (path) => execa('git', ['notes', `--ref=${LEDGER_NOTES_REF}`, 'add', '-f', '-F', path, sha], { cwd: this.repoDir }));
    await this.updateRefs([[`refs/heads/${run.branch}`, sha, parent], [`${LEDGER_RECORDED_REF_PREFIX}${run.runId}`, sha, null]]);
    return sha;
  }

  /**
   * Resume's repair of a run killed between a commit and its note (ledgers written before commits
   * and notes were ordered): the noteless commits at the branch tip that claim the run are taken off
   * the branch (and the record ref), and returned so the caller can check and record them again. A
   * lost note cannot be recomputed: it holds the verifier's report and the model digests, which are
   * not in the commit.
   */
  async dropUnnotedTip(run: RunWorkspace): Promise<LedgerCommit[]> {
    const commits = await this.readRun(run.runId);
    const dropped: LedgerCommit[] = [];
    for (let last = commits.at(-1); last !== undefined && isUnnotedRunCommit(last, run.runId); last = commits.at(-1)) dropped.unshift(commits.pop() ?? last);
    const oldTip = dropped.at(-1)?.sha;
    if (oldTip === undefined) return [];
    const newTip = commits.at(-1)?.sha ?? dropped[0]?.parent ?? oldTip;
    await this.updateRefs([[`refs/heads/${run.branch}`, newTip, oldTip], [`${LEDGER_RECORDED_REF_PREFIX}${run.runId}`, newTip, null]]);
    await simpleGit(run.worktreeDir).raw(['reset', '--hard', '-q', 'HEAD']);
    return dropped;
  }

  /**
   * The run's commits, oldest first: first-parent history from the branch tip down to the run's
   * recorded base. Every commit is returned, whatever its message says, so that the audit sees
   * commits that were amended or added by hand. A run whose branch is gone has no commits.
   */
  async readRun(runId: string): Promise<LedgerCommit[]> {
    const tip = await this.resolveCommit(`refs/heads/${LEDGER_BRANCH_PREFIX}${checkRunId(runId)}`);
    return tip === null ? [] : this.readCommits(runId, tip);
  }

  /** The commits the run recorded, from its record ref down to its base; null for runs without a record ref. */
  async readRecordedRun(runId: string): Promise<LedgerCommit[] | null> {
    const tip = await this.resolveCommit(`${LEDGER_RECORDED_REF_PREFIX}${checkRunId(runId)}`);
    return tip === null ? null : this.readCommits(runId, tip);
  }

  private async readCommits(runId: string, tip: string): Promise<LedgerCommit[]> {
    const base = await this.resolveCommit(`${LEDGER_BASE_REF_PREFIX}${runId}`);
    const range = base === null ? [tip] : [`${base}..${tip}`];
    const raw = await this.git.raw(['log', '--first-parent', '--format=%H%x00%P%x00%B%x1e', ...range]);
    const commits: LedgerCommit[] = [];
    for (const record of raw.split('\x1e')) {
      const [sha, parents, message] = record.replace(/^\n/, '').split('\0');
      if (sha === undefined || sha === '' || message === undefined) continue;
      const trailers = parseCommitTrailers(message);
      // Without a base ref (an old or hand-made run) the run ends at the first commit not claiming it.
      if (base === null && trailers.get('Run-Id') !== runId) break;
      commits.push({ sha, parent: parents?.split(' ')[0] || null, message, trailers, noteText: await this.readNote(sha) });
    }
    return commits.reverse();
  }

  /**
   * Removes a run that recorded nothing (its branch, base and record refs all at the base commit):
   * its worktree, branch and refs. A fresh run stopped before its original was checked would
   * otherwise show as an empty latest run in `log` and `audit`. Returns whether it was removed; a run
   * with any recorded commit is never touched.
   */
  async discardRunIfEmpty(runId: string): Promise<boolean> {
    const branchRef = `refs/heads/${LEDGER_BRANCH_PREFIX}${checkRunId(runId)}`;
    const [tip, base, recorded] = await Promise.all([branchRef, `${LEDGER_BASE_REF_PREFIX}${runId}`, `${LEDGER_RECORDED_REF_PREFIX}${runId}`].map((ref) => this.resolveCommit(ref)));
    if (tip === null || tip !== base || (recorded !== null && recorded !== base)) return false;
    await this.git.raw(['worktree', 'remove', '--force', runWorktreeDirectory(this.repoDir, runId)]).catch(() => this.git.raw(['worktree', 'prune']));
    const deletions = [branchRef, `${LEDGER_BASE_REF_PREFIX}${runId}`, ...(recorded === null ? [] : [`${LEDGER_RECORDED_REF_PREFIX}${runId}`])];
    return this.transactRefs(deletions.map((ref) => `delete ${ref} ${tip}`)).then(() => true, () => false);
  }

  /** Runs with a ledger branch or a base ref (a run whose branch was deleted is still listed, for the audit). */
  async listRuns(): Promise<string[]> {
    const raw = await this.git.raw(['for-each-ref', '--format=%(refname)', `refs/heads/${LEDGER_BRANCH_PREFIX}`, LEDGER_BASE_REF_PREFIX]);
    // Review records (refs/heads/verus-repair/review-<id>, see review-refs.ts) are not runs.
    const runs = raw.split('\n').filter((line) => line !== '' && !line.startsWith(`refs/heads/${REVIEW_BRANCH_PREFIX}`)).map((ref) => ref.replace(`refs/heads/${LEDGER_BRANCH_PREFIX}`, '').replace(LEDGER_BASE_REF_PREFIX, ''));
    return [...new Set(runs)].sort();
  }


  async readFileAt(sha: string, path: string): Promise<Uint8Array | null> {
    try {
      return await this.git.binaryCatFile(['blob', `${sha}:${path}`]);
    } catch {
      return null;
    }
  }

  /** The commit a ref names, or null when it does not exist. */
  async resolveCommit(ref: string): Promise<string | null> {
    const sha = (await this.git.raw(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => '')).trim();
    return sha === '' ? null : sha;
  }

  /** Moves refs in one transaction: all or none. `expected` null means "whatever it was". */
  private updateRefs(updates: ReadonlyArray<[ref: string, value: string, expected: string | null]>): Promise<void> {
    return this.transactRefs(updates.map(([ref, value, expected]) => `update ${ref} ${value}${expected === null ? '' : ` ${expected}`}`));
  }

  /** Runs `git update-ref --stdin` commands (`update …`, `delete …`) in one transaction: all or none. */
  private async transactRefs(commands: readonly string[]): Promise<void> {
    const input = ['start', ...commands, 'commit', ''].join('\n');
    const result = await execa('git', ['update-ref', '--stdin'], { cwd: this.repoDir, input, reject: false });
    if (result.exitCode !== 0) throw new AdapterError(`git could not update the ledger refs: ${String(result.stderr).trim()}`);
  }

  private async readNote(sha: string): Promise<string | null> {
    try {
      return await this.git.raw(['notes', `--ref=${LEDGER_NOTES_REF}`, 'show', sha]);
    } catch {
      return null;
    }
  }

  /** See readIdentityArgs; looked up once. */
  private identityArgs(): Promise<string[]> {
    this.identity ??= readIdentityArgs(this.repoDir);
    return this.identity;
  }

  /** `-S` when the user asked for signed commits (`commit.gpgsign`), which commit-tree does not read by itself. */
  private signingArgs(): Promise<string[]> {
    this.signing ??= this.git.raw(['config', '--type=bool', '--get', 'commit.gpgsign']).then((value) => (value.trim() === 'true' ? ['-S'] : []), () => []);
    return this.signing;
  }

  private async excludeLedgerDirectory(): Promise<void> {
    const exclude = join(resolve(this.repoDir, (await this.git.revparse(['--git-common-dir'])).trim()), 'info', 'exclude');
    const current = await readFile(exclude, 'utf8').catch(() => '');
    if (!current.split('\n').includes('/.verus-repair/')) {
      await mkdir(dirname(exclude), { recursive: true });
      await appendFile(exclude, `${current === '' || current.endsWith('\n') ? '' : '\n'}/.verus-repair/\n`);
    }
  }

  /** Passes text to git through a file in one scratch directory per ledger (removed at exit). */
  private async withMessageFile<T>(text: string, use: (path: string) => Promise<T>): Promise<T> {
    this.scratch ??= mkdtemp(join(tmpdir(), 'verus-repair-msg-')).then((directory) => {
      removeAtExit(directory);
      return directory;
    });
    const path = join(await this.scratch, `message-${randomUUID()}`);
    await writeFile(path, text);
    try {
      return await use(path);
    } finally {
      await rm(path, { force: true });
    }
  }

}

function isUnnotedRunCommit(commit: LedgerCommit, runId: string): boolean {
  return commit.noteText === null && commit.trailers.get('Run-Id') === runId && commit.trailers.has('Note-SHA256');
}

/** Just what git needs (simple-git refuses to pass editor and pager variables through `env`). */
function minimalGitEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'LC_ALL', 'XDG_CONFIG_HOME', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_NOSYSTEM']) {
    const value = process.env[name];
    if (value !== undefined) environment[name] = value;
  }
  return environment;
}
