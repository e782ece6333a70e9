import type { ModelConfig, ModelSection } from './model-config.js';
import type { ModelConfigResult } from './read-model-config.js';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Converts the validated snake_case section to a ModelConfig and checks the rules that span keys. */
export function normalizeModelSection(section: ModelSection, environment: NodeJS.ProcessEnv, options: { needsApiKey: boolean } = { needsApiKey: true }): ModelConfigResult {
  const warnings: string[] = [];
  const errors: string[] = [];
  const baseUrl = section.base_url ?? OPENAI_BASE_URL;
  if (options.needsApiKey && !environment[section.api_key_env]) {
    if (needsApiKey(baseUrl)) {
      errors.push(`model.api_key_env: the environment variable ${section.api_key_env} is not set, and ${baseUrl} needs a key. Example: export ${section.api_key_env}=...`);
    } else {
      warnings.push(`model.api_key_env: ${section.api_key_env} is not set; sending no real key to ${baseUrl} (fine for Ollama, vLLM and llama.cpp without auth)`);
    }
  }
  if (section.sampling === 'n' && section.samples > 1 && !/openai\.com|openai\.azure\.com/.test(baseUrl)) {
    warnings.push('model.sampling: "n" with samples > 1 needs an endpoint that honours n; use sampling = "parallel" if fewer choices come back');
  }
  if (section.budget.max_cost_usd !== undefined && !(section.name in section.prices)) {
    errors.push(`model.budget.max_cost_usd: needs a price for "${section.name}" to be enforced: add [model.prices."${section.name}"] with input_per_million and output_per_million, or remove max_cost_usd. Example: [model.prices."${section.name}"] input_per_million = 0.15, output_per_million = 0.6`);
  } else if (!(section.name in section.prices)) {
    warnings.push(`model.prices: no price for "${section.name}"; its cost will be reported as unknown (null), not zero`);
  }
  const config: ModelConfig = {
    name: section.name,
    baseUrl,
    apiKeyEnv: section.api_key_env,
    temperature: section.temperature,
    maxOutputTokens: section.max_output_tokens,
    requestTimeoutMs: Math.round(section.request_timeout_seconds * 1000),
    connectTimeoutMs: Math.round(section.connect_timeout_seconds * 1000),
    callDeadlineMs: Math.round(section.call_deadline_seconds * 1000),
    maxRetryAfterMs: Math.round(section.max_retry_after_seconds * 1000),
    maxRetries: section.max_retries,
    samples: section.samples,
    sampling: section.sampling,
    parallelRequests: section.parallel_requests,
    maxResponseBytes: section.max_response_bytes,
    budget: { maxCalls: section.budget.max_calls, maxTokens: section.budget.max_tokens, maxCostUsd: section.budget.max_cost_usd ?? null },
    prices: Object.fromEntries(
      Object.entries(section.prices).map(([model, price]) => [model, { inputPerMillion: price.input_per_million, outputPerMillion: price.output_per_million }]),
    ),
  };
  return { config: errors.length === 0 ? config : null, warnings, errors };
}

function needsApiKey(baseUrl: string): boolean {
  return /(^|\.)openai\.com|openai\.azure\.com/.test(new URL(baseUrl).hostname);
}
