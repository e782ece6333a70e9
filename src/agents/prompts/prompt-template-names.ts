/** Every message template, one file each under prompts/ (`<name>.md`). */
export const PROMPT_TEMPLATE_NAMES = [
  'editor-agent-instruction',
  'editor-verus-idioms',
  'editor-tool-instruction',
  'editor-task',
  'instructor-system',
  'instructor-task',
  'feedback-none',
  'feedback-generic',
  'feedback-auto',
  'feedback-guided',
  'format-error',
  'identical-candidate',
  'guard-rejection',
  'precheck-failure',
] as const;

export type PromptTemplateName = (typeof PROMPT_TEMPLATE_NAMES)[number];

/** The loaded text of every template. */
export type PromptTemplates = Record<PromptTemplateName, string>;
