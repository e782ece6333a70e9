import type { PublishedSuite } from '../suites/published-suites.js';

/**
 * One leaderboard submission (microsoft/verus-proof-synthesis, leaderboard/data/schema.json): the
 * schema's fields, `avg_cost_usd` as the leaderboard's own data files carry it, and two blocks of
 * ours beside them: `provenance` (what the figures rest on, and whether they are a measurement at
 * all) and `verus_repair` (the setting, the repetition, what was left out and why).
 */
export interface LeaderboardSubmission {
  submission_id: string;
  system_name: string;
  model: string;
  /** YYYY-MM-DD (UTC) of the export. */
  date: string;
  benchmark: PublishedSuite;
  results: {
    solved: number;
    /** Every task of the suite: invalid and unattempted tasks count as not solved. */
    total: number;
    /** 100 × solved / total, one decimal. */
    percent_solved: number;
    /** Averages over the attempted tasks: wall time of the attempt, model calls, prompt + completion tokens. */
    avg_time_seconds: number;
    avg_llm_calls: number;
    avg_tokens: number;
    /** Present only when every model of the setting had prices. */
    avg_cost_usd?: number;
  };
  breakdown: Array<{ category: string; solved: number; total: number }>;
  notes: string;
  provenance: SubmissionProvenance;
  verus_repair: SubmissionDetails;
}

export interface SubmissionProvenance {
  /** False when a caveat applies (a fake or recorded verifier, a replayed model, origins not recorded): the file is then not a result to submit. */
  measurement: boolean;
  /** False when the bench stopped early or attempts are missing: some tasks count unsolved without an attempt. */
  complete: boolean;
  caveats: string[];
  verifier: string[];
  model: string[];
  statement: string;
}

export interface SubmissionDetails {
  version: string;
  setting: { id: string; feedback: string; samples: number; temperature: number; iterations: number };
  /** The repetition the results are from, and what every repetition solved (models are stochastic). */
  repetition: { used: number; seed: number; all: Array<{ repetition: number; seed: number; solved: number; attempted: number }> };
  attempted: number;
  not_attempted: Array<{ task: string; reason: string }>;
  total_cost_usd: number | null;
  benchmark_from: 'suite layout' | '--benchmark';
  suite: string;
  bench_dir: string;
}
