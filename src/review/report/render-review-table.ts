import type { FunctionReview } from '../function-review.js';

/** The per-function rows shared by the text and Markdown reports (percentages rounded). */
export function reviewTableRows(functions: readonly FunctionReview[]): string[][] {
  return functions.map((row) => [
    row.function,
    String(row.mutants),
    String(row.counts.stillborn),
    String(row.counts['killed-by-tests']),
    String(row.counts['killed-by-spec-tests']),
    String(row.counts['killed-by-verus']),
    String(row.counts.survived),
    String(row.counts['timed-out']),
    String(row.counts.unsettled),
    percent(row.mutationScore),
    percent(row.settledBeforeVerus),
    String(row.vacuityFindings),
  ]);
}

export const REVIEW_TABLE_HEADER = ['function', 'mutants', 'stillborn', 'killed by tests', 'killed by spec tests', 'killed by Verus', 'survived', 'timed out', 'unsettled', 'mutation score', 'settled before Verus', 'vacuity findings'];

export function percent(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)}%`;
}
