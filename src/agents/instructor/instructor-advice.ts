/**
 * What the instructor agent said: at most two sentences of required modifications. It is guidance,
 * never evidence (`evidence: false`): only the verifier decides whether a candidate is correct, and
 * prompts label this text as advice.
 */
export interface InstructorAdvice {
  kind: 'instructor-advice';
  evidence: false;
  text: string;
  /** How many sentences the instructor wrote before truncation. */
  sentenceCount: number;
  truncated: boolean;
}

export const MAX_ADVICE_SENTENCES = 2;
