import { pathBelowCrate } from './read-function-rlimits.js';
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
 * The margin of a stability check: the highest per-function use over all seeds, each over the limit
 * its queries had — the function's own `#[verifier::rlimit(n)]` when it has one (`ownLimits`, keyed
 * by the path below the crate: readFunctionRlimits), else the run's `--rlimit`. The count is summed
 * over a function's queries while the limit bounds each query, so the ratio errs on the cautious side.
 * A function with no finite limit has no margin to run out of and is left out.
 */
export function measureRlimitMargin(runs: readonly SeedRun[], rlimit: number, ownLimits: ReadonlyMap<string, number> = new Map()): RlimitMargin {
  const limitOf = (name: string): number | null => {
    const seconds = ownLimits.get(pathBelowCrate(name)) ?? rlimit;
    return Number.isFinite(seconds) ? seconds * RLIMIT_PER_SECOND : null;
  };
  let highest: { use: number; limit: number | null; function: string; seed: number; ratio: number | null } | null = null;
  for (const run of runs) {
    for (const entry of run.functions) {
      if (entry.rlimit === null) continue;
      const limit = limitOf(entry.function);
      const ratio = limit === null ? null : entry.rlimit / limit;
      // Ranked by the share of its own limit; with no finite limit anywhere, by the count itself.
      const better = highest === null || (ratio !== null && (highest.ratio === null || ratio > highest.ratio)) || (ratio === null && highest.ratio === null && entry.rlimit > highest.use);
      if (better) highest = { use: entry.rlimit, limit, function: entry.function, seed: run.seed, ratio };
    }
  }
  const limit = highest?.limit ?? limitOf('');
  const ratio = highest?.ratio ?? null;
  return { limit, highestUse: highest?.use ?? null, function: highest?.function ?? null, seed: highest?.seed ?? null, ratio, nearLimit: ratio !== null && ratio > NEAR_LIMIT_RATIO };
}
