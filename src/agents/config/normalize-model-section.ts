import { applyModelFamily } from './apply-model-family.js';
import type { ModelConfig, ModelSection } from './model-config.js';
import { inferProvider, PROVIDER_PRESETS } from './provider-preset.js';
import type { ModelConfigResult } from './model-config-result.js';
import { isReasoningModel } from './reasoning-model-family.js';
import { refuseCredentialEntries } from './refuse-credential-entries.js';

/** Converts the validated snake_case section to a ModelConfig and checks the rules that span keys. */
export function normalizeModelSection(section: ModelSection, environment: NodeJS.ProcessEnv, options: { needsApiKey: boolean } = { needsApiKey: true }): ModelConfigResult {
  const warnings: string[] = [];
  const errors: string[] = [];
  const provider = section.provider ?? inferProvider(section.base_url);
  const preset = PROVIDER_PRESETS[provider];
  const apiKeyEnv = section.api_key_env ?? preset.apiKeyEnv;
  const baseUrl = section.base_url ?? preset.baseUrl;
  if (baseUrl === null) {
    errors.push(`model.base_url: provider "${provider}" has no shared endpoint; give your server's URL. Example: ${provider === 'azure' ? 'base_url = "https://my-resource.openai.azure.com/openai"' : 'base_url = "http://localhost:8000/v1"'}`);
  } else if (provider === 'azure' && /\/openai\/v1\/?$/.test(new URL(baseUrl).pathname)) {
    errors.push(`model.base_url: provider "azure" speaks Azure's deployments API (…/openai/deployments/<name>/chat/completions?api-version=…); ${baseUrl} is the v1 API, which takes provider = "generic". Example: base_url = "https://my-resource.openai.azure.com/openai"`);
  }
  const url = baseUrl ?? 'https://invalid.example';
  if (options.needsApiKey && !environment[apiKeyEnv]) {
    if (preset.needsKey || needsApiKey(url)) {
      errors.push(`model.api_key_env: the environment variable ${apiKeyEnv} is not set, and ${url} needs a key. Example: export ${apiKeyEnv}=...`);
    } else {
      warnings.push(`model.api_key_env: ${apiKeyEnv} is not set; sending no real key to ${url} (fine for Ollama, vLLM and llama.cpp without auth)`);
    }
  }
  errors.push(...refuseCredentialEntries('extra_headers', section.extra_headers, apiKeyEnv), ...refuseCredentialEntries('extra_query', section.extra_query, apiKeyEnv));
  const reasoning = isReasoningModel(section.name);
  if (reasoning && typeof section.temperature === 'number') {
    warnings.push(`model.temperature: "${section.name}" is a reasoning model, which OpenAI documents as accepting only the default temperature; ${section.temperature} is sent, and dropped for the run if the endpoint refuses it. Example: temperature = "default"`);
  }
  if (!reasoning && section.reasoning_effort !== undefined) {
    warnings.push(`model.reasoning_effort: "${section.name}" is not a reasoning family verus-repair recognises (gpt-5*, o1*, o3*, o4*); "${section.reasoning_effort}" is sent, and dropped for the run if the endpoint refuses it`);
  }
  if (section.budget.max_cost_usd !== undefined && !(section.name in section.prices)) {
    errors.push(`model.budget.max_cost_usd: needs a price for "${section.name}" to be enforced: add [model.prices."${section.name}"] with input_per_million and output_per_million, or remove max_cost_usd. Example: [model.prices."${section.name}"] input_per_million = 0.15, output_per_million = 0.6`);
  } else if (!(section.name in section.prices)) {
    warnings.push(`model.prices: no price for "${section.name}"; its cost will be reported as unknown (null), not zero`);
  }
  const config: ModelConfig = {
    name: section.name,
    provider,
    baseUrl: provider === 'azure' ? withAzurePath(url) : url,
    apiKeyEnv,
    temperatureSetting: section.temperature ?? null,
    temperature: null,
    reasoningEffort: section.reasoning_effort ?? null,
    maxTokensField: preset.maxTokensField,
    toolChoice: section.tool_choice,
    extraHeaders: section.extra_headers,
    extraQuery: provider === 'azure' ? { 'api-version': AZURE_API_VERSION, ...section.extra_query } : section.extra_query,
    maxOutputTokens: section.max_output_tokens,
    requestTimeoutMs: Math.round(section.request_timeout_seconds * 1000),
    connectTimeoutMs: Math.round(section.connect_timeout_seconds * 1000),
    callDeadlineMs: Math.round(section.call_deadline_seconds * 1000),
    maxRetryAfterMs: Math.round(section.max_retry_after_seconds * 1000),
    maxRetries: section.max_retries,
    samples: section.samples,
    sampling: section.sampling ?? preset.sampling,
    parallelRequests: section.parallel_requests,
    maxResponseBytes: section.max_response_bytes,
    budget: { maxCalls: section.budget.max_calls, maxTokens: section.budget.max_tokens, maxCostUsd: section.budget.max_cost_usd ?? null },
    prices: Object.fromEntries(
      Object.entries(section.prices).map(([model, price]) => [
        model,
        { inputPerMillion: price.input_per_million, cachedInputPerMillion: price.cached_input_per_million ?? null, outputPerMillion: price.output_per_million },
      ]),
    ),
  };
  return { config: errors.length === 0 ? applyModelFamily(config, section.name) : null, warnings, errors };
}

/** Azure's GA data-plane version as we recall its documentation; `extra_query."api-version"` overrides it. */
export const AZURE_API_VERSION = '2024-10-21';

function needsApiKey(baseUrl: string): boolean {
  return /(^|\.)openai\.com|openai\.azure\.com/.test(new URL(baseUrl).hostname);
}

/** `https://res.openai.azure.com` and `…/openai` both mean the resource's `/openai` root. */
function withAzurePath(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return new URL(trimmed).pathname === '' || new URL(trimmed).pathname === '/' ? `${trimmed}/openai` : trimmed;
}
