/**
 * How much the editor is told after a failed verification (per run), so that the value of feedback
 * can be measured: `none` says only that it failed, `generic` lists the errors from a template,
 * `auto` passes on the instructor agent's advice, `guided` is `generic` plus the tactic cards of the
 * error kinds present (prompts/tactics/), and `auto+guided` is `auto` with the cards given to the
 * instructor as reference (the editor sees only the advice).
 */
export const FEEDBACK_LEVELS = ['none', 'generic', 'auto', 'guided', 'auto+guided'] as const;

export type FeedbackLevel = (typeof FEEDBACK_LEVELS)[number];

/** Levels that ask the instructor agent. */
export function usesInstructor(level: FeedbackLevel): boolean {
  return level === 'auto' || level === 'auto+guided';
}

/** Levels that select tactic cards (for the editor with `guided`, for the instructor with `auto+guided`). */
export function usesTactics(level: FeedbackLevel): boolean {
  return level === 'guided' || level === 'auto+guided';
}
