import type { ChatRequest, ChatResponse, LanguageModel } from '../../core/language-model.js';
import { ModelRequestError } from '../model/model-request-error.js';
import { CASSETTE_FORMAT } from './cassette-entry.js';
import type { CassetteWriter } from './cassette-writer.js';
import { digestRequest, type RecordedChatRequest } from './request-digest.js';

/**
 * Wraps a model and records every exchange (after the inner model's retries) to a cassette: the
 * request, its digest, and the response or the adapter failure. Errors that are not model request
 * failures (our bugs) are not recorded and propagate unchanged.
 */
export class RecordingLanguageModel implements LanguageModel {
  readonly modelName: string;

  constructor(
    private readonly inner: LanguageModel,
    private readonly writer: CassetteWriter,
  ) {
    this.modelName = inner.modelName;
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const recorded: RecordedChatRequest = { model: this.modelName, ...request };
    const base = { format: CASSETTE_FORMAT, sequence: this.writer.nextSequence(), digest: digestRequest(recorded), request: recorded } as const;
    try {
      const response = await this.inner.complete(request, signal);
      this.writer.append({ ...base, outcome: { kind: 'response', response } });
      return response;
    } catch (error) {
      if (error instanceof ModelRequestError && error.failure.kind !== 'aborted') {
        this.writer.append({ ...base, outcome: { kind: 'error', failure: error.failure } });
      }
      throw error;
    }
  }
}
