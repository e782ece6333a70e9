import type { Diagnostic } from '../../core/diagnostic.js';
import type { VerifierStatus } from '../../core/verifier-result.js';

/** What one function's queries used under one seed, as `function-breakdown[].rlimit` reports it. */
export interface SeedFunctionUse {
  function: string;
  module: string | null;
  /** Z3 `rlimit-count` summed over the function's queries; null when Verus reported none (cvc5). */
  rlimit: number | null;
}

/** One re-verification of a candidate's focused scope under one solver seed. */
export interface SeedRun {
  seed: number;
  status: VerifierStatus | 'no verdict';
  /** Errors of a run that did not verify: what the editor is shown for a fragile proof. */
  diagnostics: Diagnostic[];
  functions: SeedFunctionUse[];
  /** Verifier time of this seed's runs (0 for cache hits). */
  wallTimeMs: number;
  /** The argv of the seed's first run, with its `--smt-option smt.random_seed=S`. */
  command: string[];
  /** For a seed that gave no verdict (a toolchain error, a crash): what happened. */
  reason?: string;
}

/** Seed runs that say nothing about the proof: the toolchain failed or the verifier crashed. */
export function isUndecidedSeedRun(run: Pick<SeedRun, 'status'>): boolean {
  return run.status === 'toolchain-error' || run.status === 'crashed' || run.status === 'no verdict';
}

/**
 * The highest per-function rlimit use over every seed, against the limit a query gets (`--rlimit` ×
 * 3,000,000). `ratio` above 0.5 is flagged `nearLimit`: a solver upgrade or an unrelated edit may
 * push the proof over. Null fields when there is no finite limit (`--rlimit infinity`) or no count.
 */
export interface RlimitMargin {
  limit: number | null;
  highestUse: number | null;
  function: string | null;
  seed: number | null;
  ratio: number | null;
  nearLimit: boolean;
}

/**
 * A verified candidate's proof-stability check: its focused scope verified again under each seed.
 * `stable` only when every seed passed. Recorded in the ledger (Stability, Rlimit-Margin trailers)
 * and re-run with the same seeds by `audit --reverify`.
 */
export interface StabilityReport {
  seeds: number[];
  runs: SeedRun[];
  passed: number;
  total: number;
  stable: boolean;
  /** Seeds that gave no verdict (isUndecidedSeedRun): not evidence of a fragile proof. Absent in older records: 0. */
  undecided?: number;
  margin: RlimitMargin;
  /** Verifier time of every seed run, added up. */
  verifierWallTimeMs: number;
}
