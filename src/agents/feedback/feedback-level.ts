/**
 * How much the editor is told after a failed verification (per run), so that the value of feedback
 * can be measured: `none` says only that it failed, `generic` lists the errors from a template,
 * `auto` passes on the instructor agent's advice.
 */
export const FEEDBACK_LEVELS = ['none', 'generic', 'auto'] as const;

export type FeedbackLevel = (typeof FEEDBACK_LEVELS)[number];
