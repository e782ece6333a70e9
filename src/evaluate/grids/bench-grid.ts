import type { FeedbackLevel } from '../../agents/index.js';

/** One model of the grid: where it is served and what it costs (USD per million tokens), when known. */
export interface GridModel {
  name: string;
  /** The OpenAI-compatible endpoint; null = `[model] base_url` / OPENAI_BASE_URL / api.openai.com. */
  baseUrl: string | null;
  apiKeyEnv: string;
  prices: { inputPerMillion: number; cachedInputPerMillion?: number | null; outputPerMillion: number } | null;
}

/**
 * What a bench crosses: models × feedback levels × samples × temperatures, each setting repeated
 * with its own seed label, all under one iteration budget (so Correct@k runs k = 1..iterations).
 */
export interface BenchGrid {
  models: GridModel[];
  feedback: FeedbackLevel[];
  samples: number[];
  temperatures: number[];
  iterations: number;
  repetitions: number;
  /** One per repetition. Recorded with each attempt; models are stochastic, so repetitions measure spread. */
  seeds: number[];
  houdiniRounds: number;
  /** The `[verifier]` table every attempt's verus-repair.toml gets (runner, pass_env, precheck, ...), its pin_file absolute. */
  verifierTable: Record<string, unknown>;
  /** The `[queue]` table (Redis URL, queue name) for `runner = "queue"` / `--queue`. */
  queueTable: Record<string, unknown> | null;
  /**
   * The most attempts (tasks × settings × repetitions) the bench may plan: `--max-attempts`, else the
   * grid's `max_attempts`, else DEFAULT_MAX_ATTEMPTS. A grid with a long axis multiplies quickly.
   */
  maxAttempts: number;
}

/**
 * The default size cap. The shipped 20-setting study grid with 3 repetitions over a 1,000-task suite
 * is 60,000 attempts; a grid of 10^6 attempts is a typo or an axis written as a range by mistake.
 */
export const DEFAULT_MAX_ATTEMPTS = 100_000;

/** One point of the grid: everything an attempt needs besides the task and the repetition. */
export interface BenchSetting {
  /** Stable and safe in run ids: `<model>.<feedback>.s<samples>.t<temperature>`. */
  id: string;
  model: GridModel;
  feedback: FeedbackLevel;
  samples: number;
  temperature: number;
  iterations: number;
}
