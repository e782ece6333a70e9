import type { ChatChoice } from '../../core/language-model.js';
import type { CandidateSubmission } from '../protocol/candidate-submission.js';
import type { IdenticalMatch } from './candidate-history.js';

/**
 * What became of one sampled answer. Only `candidate` goes on to the guard and the verifier; the
 * others already carry the protocol feedback for the editor, so the loop can skip verification.
 */
export type CandidateOutcome =
  | { status: 'candidate'; choice: ChatChoice; submission: CandidateSubmission; source: string; hash: string }
  | { status: 'identical'; choice: ChatChoice; submission: CandidateSubmission; source: string; hash: string; match: IdenticalMatch; feedback: string }
  | { status: 'format-error'; choice: ChatChoice; problem: string; toolCallId: string | null; feedback: string };
