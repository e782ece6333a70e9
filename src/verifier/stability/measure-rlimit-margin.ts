import type { RlimitMargin, SeedRun } from './stability-report.js';

/**
 * Verus turns `--rlimit R` into a Z3 rlimit of R × 3,000,000 per query (`RLIMIT_PER_SECOND`, V
 * rust_verify/src/verifier.rs:48 and 1136-1142, release/0.2026.06.07.cd03505; `infinity` becomes 0,
 * which Z3 reads as no limit).
 */
export const RLIMIT_PER_SECOND = 3_000_000;

/** A proof using more than this share of its limit is flagged as near the limit. */
export const NEAR_LIMIT_RATIO = 0.5;

/**
 * The margin of a stability check: the highest per-function use over all seeds, over the run's limit.
 * The count is summed over a function's queries while the limit bounds each query, so the ratio
 * errs on the cautious side; a function with its own `#[verifier::rlimit]` is still measured against the run's.
 */
export function measureRlimitMargin(runs: readonly SeedRun[], rlimit: number): RlimitMargin {
  const limit = Number.isFinite(rlimit) ? rlimit * RLIMIT_PER_SECOND : null;
  let highest: { use: number; function: string; seed: number } | null = null;
  for (const run of runs) {
    for (const entry of run.functions) {
      if (entry.rlimit !== null && (highest === null || entry.rlimit > highest.use)) highest = { use: entry.rlimit, function: entry.function, seed: run.seed };
    }
  }
  const ratio = limit === null || highest === null ? null : highest.use / limit;
  return { limit, highestUse: highest?.use ?? null, function: highest?.function ?? null, seed: highest?.seed ?? null, ratio, nearLimit: ratio !== null && ratio > NEAR_LIMIT_RATIO };
}
