import type { ChatRequest, ToolChoice } from '../../core/language-model.js';
import type { AdaptedParameter, ModelAdaptation, ModelAdaptedEvent } from './model-adaptation.js';

/**
 * What one run has learned its endpoint refuses, and how every later request is changed for it.
 * Each parameter is adapted at most once: a second refusal of the same parameter is an error, never
 * another change, so adapting cannot loop. The listener hears each adaptation once.
 */
export class ModelAdaptations {
  private readonly adopted = new Map<AdaptedParameter, ModelAdaptation>();
  /** What a refused `tool_choice` form is sent as instead (null: send none, the endpoint's `auto`). */
  private toolChoiceReplacement: ToolChoice | null = null;

  constructor(private readonly listener: ((event: ModelAdaptedEvent) => void) | null = null) {}

  has(parameter: AdaptedParameter): boolean {
    return this.adopted.has(parameter);
  }

  list(): ModelAdaptation[] {
    return [...this.adopted.values()];
  }

  /**
   * Adopts the change for a refused parameter of `sent`; false when that parameter was adapted
   * already (by this call or a concurrent one), in which case nothing new is announced.
   */
  adopt(parameter: AdaptedParameter, sent: ChatRequest, reason: string): boolean {
    if (this.adopted.has(parameter)) return false;
    const adaptation: ModelAdaptation = { parameter, change: this.describeChange(parameter, sent), reason };
    this.adopted.set(parameter, adaptation);
    this.listener?.({ type: 'model-adapted', ...adaptation });
    return true;
  }

  /** `request` as this endpoint accepts it, given everything adopted so far. */
  apply(request: ChatRequest, maxTokensField: 'max_completion_tokens' | 'max_tokens'): ChatRequest {
    const adapted: ChatRequest = { ...request };
    if (this.adopted.has('temperature')) adapted.temperature = null;
    if (this.adopted.has('reasoning_effort')) delete adapted.reasoningEffort;
    if (this.adopted.has('n')) adapted.n = 1;
    const field = request.maxTokensField ?? maxTokensField;
    if (this.adopted.has(field)) adapted.maxTokensField = field === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
    if (this.adopted.has('tool_choice') && request.toolChoice !== null && request.tools.length > 0) adapted.toolChoice = this.toolChoiceReplacement;
    return adapted;
  }

  private describeChange(parameter: AdaptedParameter, sent: ChatRequest): string {
    switch (parameter) {
      case 'temperature':
        return 'no temperature is sent (the endpoint uses its default)';
      case 'reasoning_effort':
        return `reasoning_effort "${sent.reasoningEffort ?? ''}" is not sent (the endpoint uses its default)`;
      case 'max_tokens':
        return 'the output limit is sent as max_completion_tokens';
      case 'max_completion_tokens':
        return 'the output limit is sent as max_tokens';
      case 'n':
        return 'several samples come from parallel calls with n = 1';
      case 'tool_choice': {
        // One step down from what was refused: a named function → "required" → the endpoint's default ("auto").
        this.toolChoiceReplacement = typeof sent.toolChoice === 'object' && sent.toolChoice !== null ? 'required' : null;
        return this.toolChoiceReplacement === null ? 'no tool_choice is sent (the endpoint decides, "auto")' : 'tool_choice is sent as "required" instead of naming the function';
      }
    }
  }
}
