import type { Diagnostic } from '../../core/diagnostic.js';
import type { ChatMessage } from '../../core/language-model.js';
import { describeDiagnostic } from '../feedback/describe-diagnostic.js';
import type { PromptTemplates } from '../prompts/prompt-template-names.js';
import { renderTemplate } from '../prompts/render-template.js';

/** Longest candidate text shown to the instructor; longer code is cut with a marker. */
const MAX_CANDIDATE_CHARACTERS = 60_000;

/**
 * A fresh two-message conversation for the instructor: its persona, then the normalized report, the
 * failing sub-assertion trees (when `--expand-errors` output is present) and the failed candidate.
 * It never contains anything from the editor's conversation. With `auto+guided`, the selected tactic
 * cards come before the code as reference (`tactics`: rendered card sections, or none).
 */
export function buildInstructorMessages(templates: PromptTemplates, diagnostics: readonly Diagnostic[], candidateSource: string, tactics: readonly string[] = [], counterexamples: readonly string[] = []): ChatMessage[] {
  const report = diagnostics.length > 0 ? diagnostics.map(describeDiagnostic).join('\n') : '- (the verifier reported no diagnostics)';
  const trees = diagnostics.filter((diagnostic) => diagnostic.expansion !== null).map((diagnostic) => diagnostic.expansion!.trimEnd());
  const treeText = trees.length > 0 ? `Failing sub-assertion tree (--expand-errors; ✘ failed, ✔ proved):\n\`\`\`\n${trees.join('\n\n')}\n\`\`\`\n\n` : '';
  // At auto+counterexample: what running the erased code against the spec showed (evidence, unlike the cards).
  const expansion = `${treeText}${counterexamples.map((text) => `${text}\n\n`).join('')}`;
  const candidate =
    candidateSource.length <= MAX_CANDIDATE_CHARACTERS ? candidateSource : `${candidateSource.slice(0, MAX_CANDIDATE_CHARACTERS)}\n// ... (cut: the code is longer)`;
  return [
    { role: 'system', content: renderTemplate(templates['instructor-system'], {}, 'instructor-system') },
    { role: 'user', content: renderTemplate(templates['instructor-task'], { report, expansion, tactics: renderReference(tactics), candidate: candidate.trimEnd() }, 'instructor-task') },
  ];
}

function renderReference(tactics: readonly string[]): string {
  if (tactics.length === 0) return '';
  return `Reference: tactic cards for these error kinds (Verus notes written for this tool; use them to choose the modification):\n\n${tactics.join('\n\n')}\n\n`;
}
