import type { LanguageModel } from '../core/language-model.js';
import type { ModelConfig } from './config/model-config.js';
import { inferProvider, PROVIDER_PRESETS } from './config/provider-preset.js';
import { OpenAiLanguageModel } from './openai-language-model.js';
import { DEFAULT_RETRY_POLICY, type RetryClock } from './model/retry-with-backoff.js';

/**
 * Builds the HTTP model client from a validated config. The key is read from the environment variable
 * the config names, here and nowhere else, and is never stored in the config or any record.
 */
export function createLanguageModel(config: ModelConfig, environment: NodeJS.ProcessEnv = process.env, clock?: RetryClock): LanguageModel {
  const apiKey = environment[config.apiKeyEnv];
  const preset = PROVIDER_PRESETS[config.provider ?? inferProvider(config.baseUrl)];
  const deployments = preset.shape === 'deployments';
  // Azure's client adds `api-version` itself; the rest of extra_query goes on every request as written.
  const { 'api-version': apiVersion, ...query } = config.extraQuery ?? {};
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
    maxTokensField: config.maxTokensField ?? preset.maxTokensField,
    azureApiVersion: deployments ? (apiVersion ?? null) : null,
    extraHeaders: config.extraHeaders ?? {},
    extraQuery: deployments ? query : (config.extraQuery ?? {}),
    ...(clock === undefined ? {} : { clock }),
  });
}
