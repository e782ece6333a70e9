import type { PublishedSuite } from '../suites/published-suites.js';
import type { OriginSummary } from './summarize-origins.js';
import type { TaskValidity } from '../suites/task-validity.js';

/** A rate with its exact numerator and denominator. */
export interface Ratio {
  numerator: number;
  denominator: number;
  rate: number | null;
}

/** The measured figures of one setting (or of all settings together, under `overall`). */
export interface SettingSummary {
  settingId: string;
  attempts: number;
  planned: number;
  /** k = 1..iterations: attempts whose candidate verified within k iterations, over attempts of valid tasks. */
  correctAtK: Ratio[];
  /** With a stability check: k = 1..iterations, attempts whose candidate verified within k iterations and passed every stability seed; absent without one. */
  stableCorrectAtK?: Ratio[];
  /** Over repetitions, per task (the unbiased estimator), k = 1..repetitions; empty with one repetition. */
  passAtK: Array<{ k: number; estimate: number; tasks: number }>;
  /** Correct@budget per repetition: models are stochastic, this is the spread. */
  perRepetition: Array<{ repetition: number; seed: number; correct: Ratio }>;
  spread: { min: number; max: number; mean: number; stdev: number } | null;
  iterationsToSuccess: Record<string, number>;
  candidatesToSuccess: { mean: number | null; median: number | null };
  /** `cachedPromptTokens`: of `promptTokens`, those served from the provider's prompt cache (priced at cached_input_per_million). */
  cost: { promptTokens: number; cachedPromptTokens?: number; completionTokens: number; modelCalls: number; costUsd: number | null };
  verifier: { calls: number; wallMs: number; reportedMs: number; precheckMs: number; cacheHits: number };
  protocol: { formatErrors: number; identicalCandidates: number; guardRejections: Record<string, number> };
  failuresByErrorKind: Record<string, number>;
  byDefectClass: Record<string, Ratio>;
  /** Correct@k (k = 1..iterations) per task category (a Verus-Bench source, a VeruSAGE-Bench project); absent in summaries written before categories. */
  byCategory?: Record<string, Ratio[]>;
  repairedObligations: Ratio;
  wallTime: { totalMs: number; meanPerTaskMs: number | null };
  errors: number;
  /** Who produced this setting's verdicts, where its model answers came from, and the caveats its figures carry. */
  origins: OriginSummary;
}

/** summary.json: the bench's figures, what was excluded and why, and how the denominators are defined. */
export interface BenchSummary {
  schema: 'verus-repair.bench-summary/2';
  suite: string;
  iterations: number;
  repetitions: number;
  definitions: Record<string, string>;
  tasks: { total: number; valid: number; invalid: Array<Extract<TaskValidity, { valid: false }>> };
  settings: SettingSummary[];
  overall: SettingSummary;
  /** The category of every task that has one, invalid tasks included (the leaderboard counts them in its totals). */
  taskCategories?: Record<string, string>;
  /** The public suite the bench ran, when the suite's layout says which; null for any other suite or a part of one. */
  publishedSuite?: PublishedSuite | null;
  /** Wall time per task, summed over its attempts (every setting and repetition). */
  taskWallTimeMs: Record<string, number>;
  stopped: string | null;
  /** Lines of attempts.jsonl a --resume could not read (1-based), whose attempts ran again; absent before this was counted. */
  skippedAttemptLines?: number[];
}
