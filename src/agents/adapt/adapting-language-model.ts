import type { ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';
import { ModelRequestError } from '../model/model-request-error.js';
import { findRefusedParameter } from './find-refused-parameter.js';
import type { AdaptedParameter } from './model-adaptation.js';
import type { ModelAdaptations } from './model-adaptations.js';

/**
 * Fits every request to what the endpoint accepts: sends it as adapted so far, and when a 400 names
 * one parameter it sent, adopts the change for the run and retries once. Each parameter gets at most
 * one retry per call, so a call makes at most one attempt more than there are adaptable parameters.
 * Sits above the cassette recorder, so cassettes hold the requests as adapted (and the refusals).
 */
export class AdaptingLanguageModel implements LanguageModel {
  readonly modelName: string;

  constructor(
    private readonly inner: LanguageModel,
    private readonly adaptations: ModelAdaptations,
    /** The field the client sends `maxOutputTokens` in unless a request says otherwise. */
    private readonly maxTokensField: 'max_completion_tokens' | 'max_tokens',
  ) {
    this.modelName = inner.modelName;
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const retried = new Set<AdaptedParameter>();
    let sent = this.adaptations.apply(request, this.maxTokensField);
    for (;;) {
      try {
        return await this.inner.complete(sent, signal);
      } catch (error) {
        if (!(error instanceof ModelRequestError)) throw error;
        const refused = findRefusedParameter(error.failure, sent, this.maxTokensField);
        if (refused === null || retried.has(refused)) throw error;
        retried.add(refused);
        this.adaptations.adopt(refused, sent, describeRefusal(error.failure.message));
        const next = this.adaptations.apply(request, this.maxTokensField);
        // Adopted earlier for another form of the parameter, or nothing to change: the refusal stands.
        if (JSON.stringify(next) === JSON.stringify(sent)) throw error;
        sent = next;
      }
    }
  }
}

/** The endpoint's words without our `model endpoint <url>: ` prefix, short enough for one line. */
function describeRefusal(message: string): string {
  const text = message.replace(/^model endpoint \S+: /, '');
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}
