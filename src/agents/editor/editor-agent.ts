import type { Diagnostic } from '../../core/diagnostic.js';
import type { ChatChoice, ChatMessage, ToolChoice } from '../../core/language-model.js';
import { sanitizeUntrustedText } from '../../core/sanitize-untrusted-text.js';
import { renderProtocolMessage } from '../feedback/render-protocol-message.js';
import type { BudgetExhausted } from '../model/budget-exhausted.js';
import type { MeteredModel } from '../model/metered-model.js';
import { sampleChoices, type SamplingOptions } from '../model/sample-choices.js';
import type { PromptTemplates } from '../prompts/prompt-template-names.js';
import { readSubmission } from '../protocol/read-submission.js';
import { SUBMIT_CANDIDATE_TOOL_NAME, submitCandidateTool } from '../protocol/submit-candidate-tool.js';
import { buildEditorPrompt, type EditorContextBuilder } from './build-editor-prompt.js';
import type { EditorTask } from './editor-task.js';

export type { EditorTask } from './editor-task.js';
import type { CandidateApplier } from './candidate-applier.js';
import { CandidateHistory } from './candidate-history.js';
import type { CandidateOutcome } from './candidate-outcome.js';
import { EditorConversation } from './editor-conversation.js';


export interface EditorSettings {
  /** null sends none (the endpoint's default). */
  temperature: number | null;
  maxOutputTokens: number;
  sampling: SamplingOptions;
  /** `function` forces submit_candidate by name; absent = `auto`. */
  toolChoice?: 'auto' | 'required' | 'function';
  reasoningEffort?: string | null;
}

/** One iteration's proposals, or the reason there are none. */
export type EditorProposal =
  | { status: 'proposed'; iteration: number; outcomes: CandidateOutcome[]; exhausted: BudgetExhausted | null }
  | { status: 'budget-exhausted'; iteration: number; exhausted: BudgetExhausted };

/**
 * The repair (editor) agent. It keeps one conversation for the run; each `propose` samples K answers,
 * reads each into a candidate (tool call, or a fallback), applies it to the file and checks it against
 * every earlier version. `respond` then records the answer the loop continued with and its feedback.
 */
export class EditorAgent {
  private readonly conversation: EditorConversation;
  private readonly history: CandidateHistory;
  private iteration = 0;

  constructor(
    private readonly model: MeteredModel,
    private readonly templates: PromptTemplates,
    private readonly applier: CandidateApplier,
    private readonly task: EditorTask,
    private readonly settings: EditorSettings,
    buildContext: EditorContextBuilder,
  ) {
    const prompt = buildEditorPrompt(templates, task, buildContext);
    this.conversation = new EditorConversation(prompt.system, prompt.task);
    this.history = new CandidateHistory(task.originalSource);
  }

  /**
   * Makes candidates checked before this agent existed (a resumed run's ledger) count as earlier
   * versions, and continues their iteration numbering.
   */
  rememberEarlierCandidates(candidates: ReadonlyArray<{ source: string; iteration: number }>): void {
    for (const candidate of candidates) {
      this.history.remember(this.history.findIdentical(candidate.source).hash, candidate.iteration);
      this.iteration = Math.max(this.iteration, candidate.iteration);
    }
  }

  messages(): ChatMessage[] {
    return this.conversation.messages();
  }

  async propose(signal?: AbortSignal): Promise<EditorProposal> {
    this.iteration += 1;
    const request = {
      messages: this.conversation.messages(), tools: [submitCandidateTool()], toolChoice: this.toolChoice(), temperature: this.settings.temperature, maxOutputTokens: this.settings.maxOutputTokens,
      ...(this.settings.reasoningEffort == null ? {} : { reasoningEffort: this.settings.reasoningEffort }),
    };
    const sampled = await sampleChoices(this.model, request, this.settings.sampling, signal);
    if (sampled.status === 'budget-exhausted') return { status: 'budget-exhausted', iteration: this.iteration, exhausted: sampled.exhausted };
    const outcomes = sampled.choices.map((choice) => this.readChoice(choice));
    return { status: 'proposed', iteration: this.iteration, outcomes, exhausted: sampled.exhausted };
  }

  /** Continues the conversation with the answer the loop chose and the feedback it earned. */
  respond(outcome: CandidateOutcome, feedback: string): void {
    const callId = outcome.status === 'format-error' ? outcome.toolCallId : outcome.submission.toolCallId;
    this.conversation.appendTurn(outcome.choice, feedback, callId);
  }

  private toolChoice(): ToolChoice {
    const setting = this.settings.toolChoice ?? 'auto';
    return setting === 'function' ? { name: SUBMIT_CANDIDATE_TOOL_NAME } : setting;
  }

  private readChoice(choice: ChatChoice): CandidateOutcome {
    const reading = readSubmission(choice, this.task.requestId);
    if (reading.status === 'format-error') return this.formatError(choice, reading.problem, reading.toolCallId);
    const applied = this.applier.apply(this.task.originalSource, reading.submission.edit);
    if (applied.status === 'rejected') return this.formatError(choice, applied.problem, reading.submission.toolCallId);
    const { hash, match } = this.history.findIdentical(applied.source);
    // Model text enters the domain here. The code stays as written (it is verified byte for byte);
    // the prose that may be shown is stripped of escapes and control characters.
    const submission = { ...reading.submission, rationale: sanitizeUntrustedText(reading.submission.rationale) };
    const base = { choice, submission, source: applied.source, hash };
    if (match !== null) {
      return { status: 'identical', ...base, match, feedback: renderProtocolMessage(this.templates, { kind: 'identical-candidate', matches: match }) };
    }
    this.history.remember(hash, this.iteration);
    return { status: 'candidate', ...base };
  }

  private formatError(choice: ChatChoice, rawProblem: string, toolCallId: string | null): CandidateOutcome {
    // Problems quote the model (a tool name, a request id): shown in progress lines and feedback.
    const problem = sanitizeUntrustedText(rawProblem);
    const feedback = renderProtocolMessage(this.templates, { kind: 'format-error', problem, requestId: this.task.requestId });
    return { status: 'format-error', choice, problem, toolCallId, feedback };
  }
}
