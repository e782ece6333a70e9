import { execa } from 'execa';
import { parseCommitTrailers } from '../../ledger/proof-trailers.js';
import { REVIEW_BRANCH_PREFIX, REVIEW_NOTES_REF, type ReviewNote } from './review-record.js';

/** One recorded review as `log` and `audit` read it back from git. */
export interface ReviewRecordEntry {
  reviewId: string;
  ref: string;
  commit: string;
  trailers: Map<string, string>;
  /** Null when the note is missing or is not a review note. */
  note: ReviewNote | null;
}

/** Every `refs/heads/verus-repair/review-*` record of the repository, oldest id first. */
export async function readReviewRecords(repoDir: string): Promise<ReviewRecordEntry[]> {
  // for-each-ref patterns match whole path components, so list the folder and keep the review- names.
  const refs = await execa('git', ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/verus-repair/'], { cwd: repoDir, reject: false });
  const entries: ReviewRecordEntry[] = [];
  for (const line of refs.stdout.split('\n').filter((text) => text.startsWith(`refs/heads/${REVIEW_BRANCH_PREFIX}`)).sort()) {
    const [ref = '', commit = ''] = line.split(' ');
    const body = await execa('git', ['log', '-1', '--format=%B', commit], { cwd: repoDir, reject: false });
    const trailers = parseCommitTrailers(body.stdout);
    const noteText = await execa('git', ['notes', `--ref=${REVIEW_NOTES_REF}`, 'show', commit], { cwd: repoDir, reject: false });
    entries.push({ reviewId: ref.replace(`refs/heads/${REVIEW_BRANCH_PREFIX}`, ''), ref, commit, trailers, note: noteText.exitCode === 0 ? parseNote(noteText.stdout) : null });
  }
  return entries;
}

function parseNote(text: string): ReviewNote | null {
  try {
    const note = JSON.parse(text) as ReviewNote;
    return note.format === 'verus-repair-review/1' && Array.isArray(note.mutants) ? note : null;
  } catch {
    return null;
  }
}
