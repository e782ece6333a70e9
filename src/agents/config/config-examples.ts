/** One valid example per `[model]` key, quoted in configuration error messages. */
export const MODEL_CONFIG_EXAMPLES: Record<string, string> = {
  'model': '[model]\nname = "gpt-4o-mini"',
  'model.name': 'name = "gpt-4o-mini"',
  'model.base_url': 'base_url = "http://localhost:11434/v1"',
  'model.api_key_env': 'api_key_env = "OPENAI_API_KEY"',
  'model.provider': 'provider = "openai"   # or azure, anthropic-openai, gemini-openai, openrouter, ollama, vllm, llama-cpp, generic',
  'model.temperature': 'temperature = 0.2   # or "default" to send none (reasoning models)',
  'model.reasoning_effort': 'reasoning_effort = "medium"',
  'model.tool_choice': 'tool_choice = "auto"   # or "required", or "function" to force submit_candidate',
  'model.extra_headers': 'extra_headers = { "HTTP-Referer" = "https://example.org", "X-Title" = "verus-repair" }',
  'model.extra_headers.*': 'extra_headers = { "X-Title" = "verus-repair" }',
  'model.extra_query': 'extra_query = { "api-version" = "2024-10-21" }',
  'model.extra_query.*': 'extra_query = { "api-version" = "2024-10-21" }',
  'model.max_output_tokens': 'max_output_tokens = 4096',
  'model.request_timeout_seconds': 'request_timeout_seconds = 120',
  'model.connect_timeout_seconds': 'connect_timeout_seconds = 10',
  'model.call_deadline_seconds': 'call_deadline_seconds = 300',
  'model.max_retry_after_seconds': 'max_retry_after_seconds = 60',
  'model.max_retries': 'max_retries = 4',
  'model.samples': 'samples = 1',
  'model.sampling': 'sampling = "n"   # or "parallel"',
  'model.parallel_requests': 'parallel_requests = 2',
  'model.max_response_bytes': 'max_response_bytes = 4194304',
  'model.budget': '[model.budget]\nmax_calls = 100\nmax_tokens = 2000000\nmax_cost_usd = 5.0',
  'model.budget.max_calls': 'max_calls = 100',
  'model.budget.max_tokens': 'max_tokens = 2000000',
  'model.budget.max_cost_usd': 'max_cost_usd = 5.0',
  'model.prices': '[model.prices."gpt-4o-mini"]\ninput_per_million = 0.15\noutput_per_million = 0.6',
  'model.prices.*': '[model.prices."gpt-4o-mini"]\ninput_per_million = 0.15\noutput_per_million = 0.6',
  'model.prices.*.input_per_million': 'input_per_million = 0.15',
  'model.prices.*.cached_input_per_million': 'cached_input_per_million = 0.075',
  'model.prices.*.output_per_million': 'output_per_million = 0.6',
};

/** The example for a dotted key path; price entries share one example whatever the model name. */
export function exampleForKey(path: string): string {
  const generalized = path.replace(/^model\.prices\.[^.]+/, 'model.prices.*').replace(/^model\.(extra_headers|extra_query)\..+$/, 'model.$1.*');
  return MODEL_CONFIG_EXAMPLES[path] ?? MODEL_CONFIG_EXAMPLES[generalized] ?? MODEL_CONFIG_EXAMPLES['model']!;
}
