import type { CandidateEdit } from '../protocol/candidate-submission.js';

/** Applying an edit either yields the new file text or a problem to report as a format error. */
export type ApplyOutcome = { status: 'applied'; source: string } | { status: 'rejected'; problem: string };

/**
 * Applies a candidate's edit to the file under repair (the IR's replace-function edit does the work).
 * Pure: it returns new text and writes nothing.
 */
export interface CandidateApplier {
  apply(source: string, edit: CandidateEdit): ApplyOutcome;
}
