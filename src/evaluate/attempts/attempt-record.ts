import type { ModelOrigin } from '../../core/model-origin.js';
import type { VerdictOrigin } from '../../core/verdict-origin.js';

/**
 * One line of attempts.jsonl: what one attempt (task × setting × repetition) did, measured from the
 * repair loop's own events, and where its evidence is (the ledger run in `repoDir`).
 */
export interface AttemptRecord {
  key: string;
  taskId: string;
  settingId: string;
  repetition: number;
  seed: number;
  repoDir: string;
  runId: string;
  ledgerBranch: string | null;
  outcome: 'verified' | 'not-verified' | 'error';
  stopReason: string;
  /** The iteration whose candidate verified, or null. */
  iterationsToSuccess: number | null;
  /** With a stability check (`bench --stability N`): N, and the first iteration whose verified candidate passed every seed; absent without one. */
  stabilitySeeds?: number;
  stableIterationsToSuccess?: number | null;
  /** Candidates proposed (checked or skipped) up to and including the verified one. */
  candidatesToSuccess: number | null;
  iterations: number;
  candidates: number;
  promptTokens: number;
  /** Of `promptTokens`, those the provider served from its prompt cache (absent in records written before it was counted). */
  cachedPromptTokens?: number;
  completionTokens: number;
  modelCalls: number;
  costUsd: number | null;
  verifierCalls: number;
  verifierWallMs: number;
  /** Sum of the per-function times Verus reports (`--time`); the solver's share of the work. */
  verifierReportedMs: number;
  precheckMs: number;
  cacheHits: number;
  formatErrors: number;
  identicalCandidates: number;
  guardRejections: Record<string, number>;
  /** The verdict and error kinds of the last checked candidate. */
  lastResult: string | null;
  lastErrorKinds: Record<string, number>;
  /** Baseline errors (the obligations) and how many of them the best candidate no longer has. */
  obligations: number;
  repairedObligations: number;
  wallTimeMs: number;
  /** The part of wallTimeMs spent in the repair loop (repairCrate); the rest is the harness's own work. */
  loopMs: number;
  cassette: string | null;
  /** Every distinct origin of the attempt's verdicts (runs and cache hits): which binary, what version it reported. */
  verifierOrigins: VerdictOrigin[];
  /** Where the attempt's model answers came from (the endpoint, or the cassette replayed). */
  modelOrigin: ModelOrigin;
}
