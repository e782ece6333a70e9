import { ConfigurationError } from '../../core/errors.js';
import type { ChatRequest } from '../../core/language-model.js';
import { REQUEST_BOUNDS } from '../../core/request-bounds.js';

/**
 * The last check before a request leaves for an endpoint: the CLI and the config schemas bound the
 * counts already, this catches a library caller (prepareRepair with samples: 100000) the same way.
 */
export function checkRequestCounts(request: Pick<ChatRequest, 'n' | 'maxOutputTokens'>): void {
  if (!Number.isInteger(request.n) || request.n < 1 || request.n > REQUEST_BOUNDS.samples) {
    throw new ConfigurationError(`a model request asked for n = ${request.n} choices; samples must be an integer from 1 to ${REQUEST_BOUNDS.samples}`);
  }
  if (!Number.isInteger(request.maxOutputTokens) || request.maxOutputTokens < 1 || request.maxOutputTokens > REQUEST_BOUNDS.outputTokens) {
    throw new ConfigurationError(`a model request asked for ${request.maxOutputTokens} output tokens; model.max_output_tokens must be an integer from 1 to ${REQUEST_BOUNDS.outputTokens}`);
  }
}
