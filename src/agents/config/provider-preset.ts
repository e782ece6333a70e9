/** The `[model] provider` presets; `generic` is any other OpenAI-compatible server. */
export const PROVIDERS = ['openai', 'azure', 'anthropic-openai', 'gemini-openai', 'openrouter', 'ollama', 'vllm', 'llama-cpp', 'generic'] as const;

export type Provider = (typeof PROVIDERS)[number];

/** The body field that carries the output-token limit. */
export type MaxTokensField = 'max_completion_tokens' | 'max_tokens';

/**
 * What a provider is known to want, as its public API documentation describes it (recalled, not
 * fetched; the adapter corrects what turns out different at run time, once per parameter).
 */
export interface ProviderPreset {
  /** null: there is no shared endpoint, the user must give `base_url` (Azure resources). */
  baseUrl: string | null;
  apiKeyEnv: string;
  /** Hosted services refuse requests without a key; local servers usually need none. */
  needsKey: boolean;
  maxTokensField: MaxTokensField;
  /** `parallel` where `n > 1` is documented as unsupported or ignored. */
  sampling: 'n' | 'parallel';
  /** `deployments`: Azure's `/openai/deployments/<name>/chat/completions?api-version=` with an `api-key` header. */
  shape: 'chat-completions' | 'deployments';
}

const LOCAL = { needsKey: false, apiKeyEnv: 'OPENAI_API_KEY', maxTokensField: 'max_tokens', shape: 'chat-completions' } as const;

export const PROVIDER_PRESETS: Record<Provider, ProviderPreset> = {
  openai: { baseUrl: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_API_KEY', needsKey: true, maxTokensField: 'max_completion_tokens', sampling: 'n', shape: 'chat-completions' },
  azure: { baseUrl: null, apiKeyEnv: 'AZURE_OPENAI_API_KEY', needsKey: true, maxTokensField: 'max_completion_tokens', sampling: 'n', shape: 'deployments' },
  // Anthropic's OpenAI SDK compatibility layer documents `n` as "must be exactly 1".
  'anthropic-openai': { baseUrl: 'https://api.anthropic.com/v1', apiKeyEnv: 'ANTHROPIC_API_KEY', needsKey: true, maxTokensField: 'max_tokens', sampling: 'parallel', shape: 'chat-completions' },
  'gemini-openai': { baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai', apiKeyEnv: 'GEMINI_API_KEY', needsKey: true, maxTokensField: 'max_tokens', sampling: 'n', shape: 'chat-completions' },
  // OpenRouter routes to many providers; most of them return one choice whatever `n` says.
  openrouter: { baseUrl: 'https://openrouter.ai/api/v1', apiKeyEnv: 'OPENROUTER_API_KEY', needsKey: true, maxTokensField: 'max_tokens', sampling: 'parallel', shape: 'chat-completions' },
  // Ollama's OpenAI compatibility returns a single choice; llama.cpp's server allows only n = 1.
  ollama: { ...LOCAL, baseUrl: 'http://localhost:11434/v1', sampling: 'parallel' },
  vllm: { ...LOCAL, baseUrl: 'http://localhost:8000/v1', sampling: 'n' },
  'llama-cpp': { ...LOCAL, baseUrl: 'http://localhost:8080/v1', sampling: 'parallel' },
  generic: { ...LOCAL, baseUrl: null, sampling: 'n' },
};

/** The preset a base URL implies when `provider` is not written (only hosts that cannot be mistaken). */
export function inferProvider(baseUrl: string | undefined): Provider {
  if (baseUrl === undefined) return 'openai';
  const url = new URL(baseUrl);
  const host = url.hostname;
  // Azure's v1 API is OpenAI's own shape (bearer key, no api-version); its deployments API needs provider = "azure".
  if (host === 'api.openai.com' || (host.endsWith('.openai.azure.com') && /\/openai\/v1\/?$/.test(url.pathname))) return 'openai';
  if (host === 'openrouter.ai') return 'openrouter';
  if (host === 'generativelanguage.googleapis.com') return 'gemini-openai';
  if (host === 'api.anthropic.com') return 'anthropic-openai';
  return 'generic';
}
