import type { RlimitMargin, StabilityReport } from './stability-report.js';

/**
 * `stable` when every seed passed; `undecided` when every seed that did not pass gave no verdict (a
 * toolchain error or a crash says nothing about the proof); else `unstable`.
 */
export function judgeStability(report: Pick<StabilityReport, 'passed' | 'total' | 'stable' | 'undecided'>): 'stable' | 'unstable' | 'undecided' {
  const undecided = report.undecided ?? 0;
  if (report.stable) return 'stable';
  return undecided > 0 && report.passed + undecided === report.total ? 'undecided' : 'unstable';
}

/** `stable 3/3`, `unstable 2/3` or `undecided 2/3`: what reports print beside `verified`. */
export function describeStability(report: Pick<StabilityReport, 'passed' | 'total' | 'stable' | 'undecided'>): string {
  return `${judgeStability(report)} ${report.passed}/${report.total}`;
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
