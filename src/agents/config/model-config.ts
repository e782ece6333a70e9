import { z } from 'zod';

/** USD per one million tokens, for one model. */
export const modelPriceSchema = z
  .object({
    input_per_million: z.number().nonnegative(),
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

/**
 * The `[model]` section of verus-repair.toml, as written (snake_case). API keys are deliberately not
 * a key here: the file names the environment variable that holds the key (`api_key_env`).
 */
export const modelSectionSchema = z
  .object({
    name: z.string().min(1),
    base_url: z.url().optional(),
    api_key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).default('OPENAI_API_KEY'),
    temperature: z.number().min(0).max(2).default(0.2),
    max_output_tokens: z.number().int().positive().default(4096),
    request_timeout_seconds: z.number().positive().default(120),
    connect_timeout_seconds: z.number().positive().default(10),
    call_deadline_seconds: z.number().positive().default(300),
    max_retry_after_seconds: z.number().nonnegative().default(60),
    max_retries: z.number().int().min(0).max(10).default(4),
    samples: z.number().int().min(1).max(16).default(1),
    sampling: z.enum(['n', 'parallel']).default('n'),
    parallel_requests: z.number().int().min(1).max(16).default(2),
    max_response_bytes: z.number().int().positive().default(4 * 1024 * 1024),
    budget: budgetSchema.default({ max_calls: 100, max_tokens: 2_000_000 }),
    prices: z.record(z.string(), modelPriceSchema).default({}),
  })
  .strict();

export type ModelSection = z.output<typeof modelSectionSchema>;

/** Price of one model in USD per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

/** Hard limits for one run; reaching any of them stops the run with a BudgetExhausted value. */
export interface BudgetLimits {
  maxCalls: number;
  maxTokens: number;
  maxCostUsd: number | null;
}

/** The validated, normalized model configuration. Holds no secret, so it is safe to print or record. */
export interface ModelConfig {
  name: string;
  baseUrl: string;
  apiKeyEnv: string;
  temperature: number;
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
  /** `n`: one request with n=samples; `parallel`: `samples` requests with n=1 (for endpoints without `n`). */
  sampling: 'n' | 'parallel';
  parallelRequests: number;
  maxResponseBytes: number;
  budget: BudgetLimits;
  prices: Record<string, ModelPrice>;
}
