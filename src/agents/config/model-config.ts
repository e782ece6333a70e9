import { z } from 'zod';
import { REQUEST_BOUNDS } from '../../core/request-bounds.js';
import { PROVIDERS, type MaxTokensField, type Provider } from './provider-preset.js';

/** USD per one million tokens, for one model. */
export const modelPriceSchema = z
  .object({
    input_per_million: z.number().nonnegative(),
    /** Prompt tokens the provider served from its prompt cache (`usage.prompt_tokens_details.cached_tokens`). */
    cached_input_per_million: z.number().nonnegative().optional(),
    output_per_million: z.number().nonnegative(),
  })
  .strict();

const budgetSchema = z
  .object({
    max_calls: z.number().int().positive().default(100),
    max_tokens: z.number().int().positive().default(2_000_000),
    max_cost_usd: z.number().positive().optional(),
  })
  .strict();

/** What OpenAI documents for `reasoning_effort` across its reasoning families. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** `function`: force the submit_candidate tool by name (the object form of `tool_choice`). */
export const TOOL_CHOICES = ['auto', 'required', 'function'] as const;

/** An HTTP header name (RFC 9110 token) or a query parameter name. */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
const nameValueTable = z.record(headerName, z.string(), { error: (issue) => (issue.code === 'invalid_key' ? 'expected a name of letters, digits and -_.!#$%&\'*+^`|~ (no spaces)' : 'expected a table of names to text values') });

/**
 * The `[model]` section of verus-repair.toml, as written (snake_case). API keys are deliberately not
 * a key here: the file names the environment variable that holds the key (`api_key_env`). Keys the
 * provider preset or the model family decide are optional here and filled in by normalization.
 */
export const modelSectionSchema = z
  .object({
    name: z.string().min(1),
    provider: z.enum(PROVIDERS).optional(),
    base_url: z.url().optional(),
    api_key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
    temperature: z.union([z.number().min(0).max(2), z.literal('default')], { error: 'expected a number from 0 to 2, or "default"' }).optional(),
    reasoning_effort: z.enum(REASONING_EFFORTS).optional(),
    tool_choice: z.enum(TOOL_CHOICES).default('auto'),
    extra_headers: nameValueTable.default({}),
    extra_query: nameValueTable.default({}),
    max_output_tokens: z.number().int().positive().max(REQUEST_BOUNDS.outputTokens).default(4096),
    request_timeout_seconds: z.number().positive().default(120),
    connect_timeout_seconds: z.number().positive().default(10),
    call_deadline_seconds: z.number().positive().default(300),
    max_retry_after_seconds: z.number().nonnegative().default(60),
    max_retries: z.number().int().min(0).max(10).default(4),
    samples: z.number().int().min(1).max(REQUEST_BOUNDS.samples).default(1),
    sampling: z.enum(['n', 'parallel']).optional(),
    parallel_requests: z.number().int().min(1).max(16).default(2),
    max_response_bytes: z.number().int().positive().default(4 * 1024 * 1024),
    budget: budgetSchema.default({ max_calls: 100, max_tokens: 2_000_000 }),
    prices: z.record(z.string(), modelPriceSchema).default({}),
  })
  .strict();

export type ModelSection = z.output<typeof modelSectionSchema>;

/** Price of one model in USD per million tokens; `cachedInputPerMillion` null = cached tokens cost the input price. */
export interface ModelPrice {
  inputPerMillion: number;
  cachedInputPerMillion?: number | null;
  outputPerMillion: number;
}

/** Hard limits for one run; reaching any of them stops the run with a BudgetExhausted value. */
export interface BudgetLimits {
  maxCalls: number;
  maxTokens: number;
  maxCostUsd: number | null;
}

/**
 * The validated, normalized model configuration. Holds no secret, so it is safe to print or record.
 * readModelConfig sets every member; those added with the provider presets are optional so that a
 * config built in code without them means what it meant before: a `generic` endpoint, as written.
 */
export interface ModelConfig {
  name: string;
  provider?: Provider;
  baseUrl: string;
  apiKeyEnv: string;
  /** As written: a number, `default` (send none), or null when left to the model family. */
  temperatureSetting?: number | 'default' | null;
  /** What is sent: null sends no temperature (reasoning families, `temperature = "default"`). */
  temperature: number | null;
  /** Sent only when set. */
  reasoningEffort?: ReasoningEffort | null;
  /** Which field carries `maxOutputTokens`: the preset's, or `max_completion_tokens` for reasoning families. */
  maxTokensField?: MaxTokensField;
  /** How the editor asks for its one tool: `auto`, `required`, or forced by name (`function`). */
  toolChoice?: (typeof TOOL_CHOICES)[number];
  /** Sent with every request; never a credential (refused when the config is read). */
  extraHeaders?: Record<string, string>;
  extraQuery?: Record<string, string>;
  maxOutputTokens: number;
  /** Read timeout of one attempt. */
  requestTimeoutMs: number;
  /** TCP/TLS connection set-up, apart from the read timeout. */
  connectTimeoutMs: number;
  /** One model call in total: all attempts and the waits between them. */
  callDeadlineMs: number;
  /** A longer `retry-after` fails the call at once instead of being waited for. */
  maxRetryAfterMs: number;
  maxRetries: number;
  samples: number;
  /** `n`: one request with n=samples (the rest by parallel calls if fewer come back); `parallel`: `samples` requests with n=1. */
  sampling: 'n' | 'parallel';
  parallelRequests: number;
  maxResponseBytes: number;
  budget: BudgetLimits;
  prices: Record<string, ModelPrice>;
}
