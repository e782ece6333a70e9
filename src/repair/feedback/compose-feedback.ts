import {
  baseFeedbackLevel, DEFAULT_TACTIC_TOKEN_BUDGET, loadTacticCatalog, renderProtocolMessage, renderVerificationFeedback, selectTacticCards, usesInstructor, usesTactics,
  type FeedbackLevel, type InstructorAgent, type InstructorAdvice, type PromptTemplates, type TacticSelection,
} from '../../agents/index.js';
import { assertNever } from '../../core/assert-never.js';
import type { CheckedCandidate } from '../candidates/checked-candidate.js';
import { selectFailingFunctionDiagnostics } from '../candidates/select-failing-function-diagnostics.js';

export interface ComposedFeedback {
  text: string;
  /** The instructor's advice when the level is `auto` and it gave some; guidance, never evidence. */
  advice: InstructorAdvice | null;
  /** The tactic cards chosen (`guided`: sent to the editor; `auto+guided`: to the instructor), with budget and cuts. */
  tactics: TacticSelection | null;
}

/**
 * The message the editor gets about a checked candidate: protocol messages for a guard rejection or
 * a failed pre-check, otherwise the verification feedback at the run's level (asking the instructor,
 * in its own conversation, for `auto` and `auto+guided`; choosing tactic cards for `guided` and `auto+guided`).
 */
export async function composeFeedback(
  checked: CheckedCandidate, level: FeedbackLevel, templates: PromptTemplates, instructor: InstructorAgent, signal?: AbortSignal, tacticBudget: number = DEFAULT_TACTIC_TOKEN_BUDGET,
  counterexample: string | null = null,
): Promise<ComposedFeedback> {
  const base = baseFeedbackLevel(level);
  switch (checked.result) {
    case 'guard-rejected': {
      const violations = checked.guard.verdict === 'reject' ? checked.guard.violations : [];
      const rule = violations[0]?.rule ?? 'guard';
      const details = violations.map((violation) => `${violation.message} (${violation.function === null ? violation.file : `fn ${violation.function}`}, line ${violation.line}).`).join(' ');
      return { text: renderProtocolMessage(templates, { kind: 'guard-rejection', rule, details }), advice: null, tactics: null };
    }
    case 'precheck-failed':
      return { text: renderProtocolMessage(templates, { kind: 'precheck-failure', diagnostics: checked.diagnostics }), advice: null, tactics: null };
    case 'failed':
    case 'timeout':
    case 'crashed':
    case 'toolchain-error': {
      let advice: InstructorAdvice | null = null;
      const diagnostics = selectFailingFunctionDiagnostics(checked.diagnostics);
      const tactics = usesTactics(level) ? selectTacticCards(diagnostics, loadTacticCatalog(), tacticBudget) : null;
      if (usesInstructor(level)) {
        const outcome = await instructor.advise(diagnostics, checked.source, signal, base === 'auto+guided' ? tactics?.sections ?? [] : [], counterexample === null ? [] : [counterexample]);
        if (outcome.status === 'advice') advice = outcome.advice;
      }
      const text = renderVerificationFeedback(templates, level, diagnostics, advice, base === 'guided' ? tactics : null);
      // The counterexample levels add what running the erased code showed (describe-feedback-counterexample.ts).
      return { text: counterexample === null ? text : `${text.trimEnd()}\n\n${counterexample}`, advice, tactics };
    }
    case 'verified':
      return { text: '', advice: null, tactics: null };
    default:
      return assertNever(checked.result, 'proof result');
  }
}

/** The candidate whose feedback continues the conversation: the one that got furthest, then fewest errors. */
export function chooseFeedbackCandidate(candidates: readonly CheckedCandidate[]): CheckedCandidate | null {
  const rank = (candidate: CheckedCandidate): number => ['failed', 'timeout', 'precheck-failed', 'guard-rejected', 'crashed', 'toolchain-error', 'verified'].indexOf(candidate.result);
  const errors = (candidate: CheckedCandidate): number => candidate.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  return [...candidates].sort((left, right) => rank(left) - rank(right) || errors(left) - errors(right) || left.sample - right.sample)[0] ?? null;
}
