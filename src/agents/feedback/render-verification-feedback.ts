import { assertNever } from '../../core/assert-never.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { InstructorAdvice } from '../instructor/instructor-advice.js';
import type { PromptTemplates } from '../prompts/prompt-template-names.js';
import { renderTemplate } from '../prompts/render-template.js';
import { describeDiagnostic } from './describe-diagnostic.js';
import type { FeedbackLevel } from './feedback-level.js';

/**
 * The message that tells the editor its candidate failed verification, at the run's feedback level.
 * For `auto` without usable advice (the instructor answered nothing usable, or the budget ran out),
 * the `none` text is sent: the editor is never told more than its level allows.
 */
export function renderVerificationFeedback(
  templates: PromptTemplates,
  level: FeedbackLevel,
  diagnostics: readonly Diagnostic[],
  advice: InstructorAdvice | null,
): string {
  switch (level) {
    case 'none':
      return renderTemplate(templates['feedback-none'], {}, 'feedback-none');
    case 'generic': {
      const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      const listed = (errors.length > 0 ? errors : diagnostics).map(describeDiagnostic);
      return renderTemplate(templates['feedback-generic'], { errors: listed.length > 0 ? listed.join('\n') : '- (no diagnostics were reported)' }, 'feedback-generic');
    }
    case 'auto':
      return advice === null || advice.text === ''
        ? renderTemplate(templates['feedback-none'], {}, 'feedback-none')
        : renderTemplate(templates['feedback-auto'], { advice: advice.text }, 'feedback-auto');
    default:
      return assertNever(level, 'feedback level');
  }
}
