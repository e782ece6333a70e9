import { assertNever } from '../../core/assert-never.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { InstructorAdvice } from '../instructor/instructor-advice.js';
import type { PromptTemplates } from '../prompts/prompt-template-names.js';
import { renderTemplate } from '../prompts/render-template.js';
import { describeDiagnostic } from './describe-diagnostic.js';
import { baseFeedbackLevel, type FeedbackLevel } from './feedback-level.js';
import type { TacticSelection } from './tactic-selection.js';

/**
 * The message that tells the editor its candidate failed verification, at the run's feedback level.
 * For `auto` without usable advice (the instructor answered nothing usable, or the budget ran out),
 * the `none` text is sent: the editor is never told more than its level allows. `guided` is the
 * `generic` list, each error pointing at its card, plus the selected cards; without any selected card
 * it is exactly `generic`. `auto+guided` tells the editor what `auto` does (the cards went to the instructor).
 */
export function renderVerificationFeedback(
  templates: PromptTemplates,
  level: FeedbackLevel,
  diagnostics: readonly Diagnostic[],
  advice: InstructorAdvice | null,
  tactics: TacticSelection | null = null,
): string {
  // The counterexample levels render as their base level; the caller appends the counterexample.
  const base = baseFeedbackLevel(level);
  switch (base) {
    case 'none':
      return renderTemplate(templates['feedback-none'], {}, 'feedback-none');
    case 'generic':
      return renderTemplate(templates['feedback-generic'], { errors: listErrors(diagnostics, null) }, 'feedback-generic');
    case 'guided':
      return tactics === null || tactics.sections.length === 0
        ? renderTemplate(templates['feedback-generic'], { errors: listErrors(diagnostics, null) }, 'feedback-generic')
        : renderTemplate(templates['feedback-guided'], { errors: listErrors(diagnostics, tactics), tactics: tactics.sections.join('\n\n') }, 'feedback-guided');
    case 'auto':
    case 'auto+guided':
      return advice === null || advice.text === ''
        ? renderTemplate(templates['feedback-none'], {}, 'feedback-none')
        : renderTemplate(templates['feedback-auto'], { advice: advice.text }, 'feedback-auto');
    default:
      return assertNever(base, 'feedback level');
  }
}

/** The generic error list; with cards, each error covered by a sent card gets a `tactic card:` line. */
function listErrors(diagnostics: readonly Diagnostic[], tactics: TacticSelection | null): string {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const listed = (errors.length > 0 ? errors : diagnostics).map((diagnostic) => {
    const line = describeDiagnostic(diagnostic);
    const card = tactics?.selected.find((selected) => selected.kinds.includes(diagnostic.kind));
    return card === undefined ? line : `${line}\n  tactic card: \`${card.card}\``;
  });
  return listed.length > 0 ? listed.join('\n') : '- (no diagnostics were reported)';
}
