import type { Diagnostic } from '../../core/diagnostic.js';
import { sanitizeUntrustedText } from '../../core/sanitize-untrusted-text.js';
import type { ChatMessage } from '../../core/language-model.js';
import type { BudgetExhausted } from '../model/budget-exhausted.js';
import type { MeteredModel } from '../model/metered-model.js';
import type { PromptTemplates } from '../prompts/prompt-template-names.js';
import { buildInstructorMessages } from './build-instructor-messages.js';
import type { InstructorAdvice } from './instructor-advice.js';
import { limitSentences } from './limit-sentences.js';

/** What one consultation of the instructor produced. `messages` is the exact conversation sent. */
export type InstructorOutcome =
  | { status: 'advice'; advice: InstructorAdvice; messages: ChatMessage[] }
  | { status: 'no-advice'; reason: string; messages: ChatMessage[] }
  | { status: 'budget-exhausted'; exhausted: BudgetExhausted };

export interface InstructorOptions {
  /** null sends none (the endpoint's default). */
  temperature: number | null;
  maxOutputTokens: number;
  reasoningEffort?: string | null;
}

/**
 * The instructor agent: an expert reader of Verus reports with no memory. Each consultation starts a
 * new conversation, so it never sees the editor's history; its answer is cut to two sentences.
 */
export class InstructorAgent {
  constructor(
    private readonly model: MeteredModel,
    private readonly templates: PromptTemplates,
    private readonly options: InstructorOptions,
  ) {}

  /** `tactics`: tactic card sections given as reference (`auto+guided`); none for `auto`. */
  async advise(diagnostics: readonly Diagnostic[], candidateSource: string, signal?: AbortSignal, tactics: readonly string[] = [], counterexamples: readonly string[] = []): Promise<InstructorOutcome> {
    const messages = buildInstructorMessages(this.templates, diagnostics, candidateSource, tactics, counterexamples);
    const outcome = await this.model.call(
      {
        messages, tools: [], toolChoice: null, n: 1, temperature: this.options.temperature, maxOutputTokens: this.options.maxOutputTokens,
        ...(this.options.reasoningEffort == null ? {} : { reasoningEffort: this.options.reasoningEffort }),
      },
      signal,
    );
    if (outcome.status === 'budget-exhausted') return outcome;
    // Model text enters the domain here: escapes and control characters never go further.
    const text = sanitizeUntrustedText(outcome.response.choices[0]?.text ?? '');
    const advice = limitSentences(text.slice(0, 20_000));
    if (advice.text === '') return { status: 'no-advice', reason: 'the instructor answered with no usable text', messages };
    return { status: 'advice', advice, messages };
  }
}
