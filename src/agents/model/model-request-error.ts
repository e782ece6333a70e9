import { AdapterError } from '../../core/errors.js';
import type { ModelFailure } from './classify-model-failure.js';

/**
 * A model endpoint call failed. Keeps the AdapterError name (so the CLI treats it like any adapter
 * failure) and adds the classified failure, whose `isRetryable` drives the retry loop. Its message
 * has been scrubbed of credentials.
 */
export class ModelRequestError extends AdapterError {
  readonly failure: ModelFailure;
  readonly retryAfterMs: number | null;

  constructor(failure: ModelFailure) {
    super(failure.message, { isRetryable: failure.isRetryable });
    this.failure = failure;
    this.retryAfterMs = failure.retryAfterMs;
  }
}
