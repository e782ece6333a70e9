import type { RlimitMargin, StabilityReport } from './stability-report.js';

/** `stable 3/3` or `unstable 2/3`: the Stability trailer and what reports print beside `verified`. */
export function describeStability(report: Pick<StabilityReport, 'passed' | 'total' | 'stable'>): string {
  return `${report.stable ? 'stable' : 'unstable'} ${report.passed}/${report.total}`;
}

/** `Stability: k/N`. */
export function renderStabilityTrailer(report: Pick<StabilityReport, 'passed' | 'total'>): string {
  return `${report.passed}/${report.total}`;
}

/**
 * The Rlimit-Margin trailer: `0.412 (12360000 of 30000000, lemma_x, seed 2)`, with `; near the limit`
 * above half; `none` when Verus reported no counts or the limit is infinite.
 */
export function renderRlimitMargin(margin: RlimitMargin): string {
  if (margin.ratio === null || margin.limit === null) return margin.limit === null ? 'none (no finite limit)' : 'none (no rlimit counts reported)';
  return `${margin.ratio.toFixed(3)} (${margin.highestUse} of ${margin.limit}, ${margin.function}, seed ${margin.seed})${margin.nearLimit ? '; near the limit' : ''}`;
}

/** Reads `k/N` back from a Stability trailer; null when absent or malformed. */
export function parseStabilityTrailer(value: string | undefined): { passed: number; total: number } | null {
  const match = value === undefined ? null : /^(\d+)\/(\d+)$/.exec(value);
  return match === null ? null : { passed: Number(match[1]), total: Number(match[2]) };
}
