import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { AdapterError } from '../../core/errors.js';
import { readCrateFiles } from '../../repair/setup/crate-snapshot.js';
import type { ReviewResult } from '../review-result.js';
import { FALLBACK_IDENTITY } from '../../ledger/git-identity.js';
import { REVIEW_BRANCH_PREFIX, REVIEW_NOTES_REF, buildReviewNote, buildReviewTrailers, digestReviewNote } from './review-record.js';

export type ReviewRecording = { ref: string; commit: string } | { ref: null; reason: string };

/**
 * Records a review in git like a repair run: a commit on `refs/heads/verus-repair/review-<id>`
 * whose tree is HEAD's with the crate's sources as they were reviewed (a private index, so the
 * user's index and working tree are untouched), the trailers in its message and every mutant in
 * its note, whose canonical-JSON sha256 is the commit's `Note-SHA256` trailer. A crate outside a git repository is not recorded, and the reason says so.
 */
export async function recordReview(review: ReviewResult): Promise<ReviewRecording> {
  const top = await git(review.crateDir, ['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0) return { ref: null, reason: 'the crate is not inside a git repository' };
  const repo = top.stdout.trim();
  const crate = path.relative(repo, review.crateDir).split(path.sep).join('/');
  const scratch = await mkdtemp(path.join(tmpdir(), 'verus-repair-review-record-'));
  try {
    const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
    const head = await git(repo, ['rev-parse', '--verify', '-q', 'HEAD']);
    const parent = head.exitCode === 0 ? head.stdout.trim() : null;
    if (parent !== null) await checked(repo, ['read-tree', parent], env);
    // The crate's verification inputs (Cargo.toml, Cargo.lock, build.rs, src/**) as reviewed, so the record alone can be re-verified.
    for (const file of (await readCrateFiles(review.crateDir)).keys()) {
      const repoPath = crate === '' ? file : `${crate}/${file}`;
      const blob = (await checked(repo, ['hash-object', '-w', '--', path.join(review.crateDir, file)])).trim();
      await checked(repo, ['update-index', '--add', '--cacheinfo', `100644,${blob},${repoPath}`], env);
    }
    const tree = (await checked(repo, ['write-tree'], env)).trim();
    const note = buildReviewNote(review, crate);
    // The note's digest in the commit message: a note edited afterwards (two verdicts swapped keep every count) no longer matches it.
    const trailers: Array<[string, string]> = [...buildReviewTrailers(review), ['Note-SHA256', digestReviewNote(note)]];
    const message = `verus-repair review ${review.id}: ${review.findings} finding(s)\n\n${trailers.map(([key, value]) => `${key}: ${value}`).join('\n')}\n`;
    const commit = (await checked(repo, [...FALLBACK_IDENTITY, 'commit-tree', tree, ...(parent === null ? [] : ['-p', parent]), '-F', '-'], {}, message)).trim();
    const noteFile = path.join(scratch, 'note.json');
    await writeFile(noteFile, `${JSON.stringify(note, null, 2)}\n`);
    await checked(repo, [...FALLBACK_IDENTITY, 'notes', `--ref=${REVIEW_NOTES_REF}`, 'add', '-f', '-F', noteFile, commit]);
    const ref = `refs/heads/${REVIEW_BRANCH_PREFIX}${review.id}`;
    await checked(repo, ['update-ref', ref, commit, '']);
    return { ref, commit };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function git(cwd: string, args: string[], env: Record<string, string> = {}, input?: string) {
  return execa('git', args, { cwd, reject: false, env, ...(input === undefined ? {} : { input }) });
}

async function checked(cwd: string, args: string[], env: Record<string, string> = {}, input?: string): Promise<string> {
  const result = await git(cwd, args, env, input);
  if (result.exitCode !== 0) throw new AdapterError(`git ${args[0] === '-c' ? args[4] : args[0]} failed while recording the review: ${result.stderr.trim()}`);
  return result.stdout;
}
