import type { LanguageModel } from '../core/language-model.js';
import type { ModelConfig } from './config/model-config.js';
import { OpenAiLanguageModel } from './openai-language-model.js';
import { DEFAULT_RETRY_POLICY, type RetryClock } from './model/retry-with-backoff.js';

/**
 * Builds the HTTP model client from a validated config. The key is read from the environment variable
 * the config names, here and nowhere else, and is never stored in the config or any record.
 */
export function createLanguageModel(config: ModelConfig, environment: NodeJS.ProcessEnv = process.env, clock?: RetryClock): LanguageModel {
  const apiKey = environment[config.apiKeyEnv];
  const isOpenAi = /(^|\.)openai\.com$|openai\.azure\.com$/.test(new URL(config.baseUrl).hostname);
  return new OpenAiLanguageModel({
    modelName: config.name,
    baseUrl: config.baseUrl,
    apiKey: apiKey === undefined || apiKey === '' ? null : apiKey,
    requestTimeoutMs: config.requestTimeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    callDeadlineMs: config.callDeadlineMs,
    maxRetryAfterMs: config.maxRetryAfterMs,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: config.maxRetries },
    maxResponseBytes: config.maxResponseBytes,
    maxTokensField: isOpenAi ? 'max_completion_tokens' : 'max_tokens',
    ...(clock === undefined ? {} : { clock }),
  });
}
