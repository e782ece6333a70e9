/** Whole functions to replace by name. */
export interface FunctionReplacement {
  name: string;
  code: string;
}

/**
 * What a candidate asks to change in the file under repair. `snippet` is a bare code block from the
 * fallback parser: the function items it contains replace the functions of the same names.
 */
export type CandidateEdit =
  | { kind: 'functions'; functions: FunctionReplacement[] }
  | { kind: 'file'; file: string }
  | { kind: 'snippet'; code: string };

/** How the model delivered its candidate: the tool call (the protocol) or one of the fallbacks. */
export type SubmissionChannel = 'tool-call' | 'json-text' | 'fenced-block';

/** A validated submission. Still untrusted code: it is only ever parsed and verified, never executed. */
export interface CandidateSubmission {
  requestId: string | null;
  edit: CandidateEdit;
  rationale: string;
  channel: SubmissionChannel;
  /** The id of the tool call that carried it, to answer with a tool message; null for fallbacks. */
  toolCallId: string | null;
}

/** Reading one sampled answer either yields a submission or a problem to feed back to the model. */
export type SubmissionReading =
  | { status: 'submitted'; submission: CandidateSubmission }
  | { status: 'format-error'; problem: string; toolCallId: string | null };
