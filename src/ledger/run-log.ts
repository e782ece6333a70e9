import type { LedgerCommit } from './git-proof-ledger.js';
import type { LedgerNote } from './ledger-note.js';

/** One row of `verus-repair log`: what a checked candidate was and how it fared. */
export interface RunLogRow {
  commit: string;
  iteration: number;
  sample: number;
  result: string;
  errors: string;
  guard: string;
  promptTokens: number | null;
  completionTokens: number | null;
  wallTimeMs: number | null;
  /** The Verifier and Model-Origin trailers; commits written before they existed say `not recorded`. */
  verifier: string;
  model: string;
  /** The Stability trailer (`k/N`) and Rlimit-Margin of a stability-checked verified candidate; null otherwise. */
  stability: string | null;
  rlimitMargin: string | null;
  summary: string;
}

const NOT_RECORDED = 'not recorded';

export function buildRunLog(commits: readonly LedgerCommit[]): RunLogRow[] {
  return commits.map((commit) => {
    const note = parseNoteLoosely(commit.noteText);
    return {
      commit: commit.sha,
      iteration: Number(commit.trailers.get('Iteration') ?? 0),
      sample: Number(commit.trailers.get('Sample') ?? 0),
      result: commit.trailers.get('Proof-Result') ?? 'unknown',
      errors: commit.trailers.get('Errors') ?? 'none',
      guard: commit.trailers.get('Guard') ?? '',
      promptTokens: note?.tokens?.prompt ?? null,
      completionTokens: note?.tokens?.completion ?? null,
      wallTimeMs: note?.wallTimeMs ?? null,
      verifier: commit.trailers.get('Verifier') ?? NOT_RECORDED,
      model: commit.trailers.get('Model-Origin') ?? NOT_RECORDED,
      stability: commit.trailers.get('Stability') ?? null,
      rlimitMargin: commit.trailers.get('Rlimit-Margin') ?? null,
      summary: commit.message.split('\n')[0] ?? '',
    };
  });
}

export function renderRunLogTable(rows: readonly RunLogRow[]): string {
  const stabilityChecked = rows.some((row) => row.stability !== null);
  const header = ['iter', 'sample', 'result', 'errors', 'tokens (in/out)', 'time', 'commit', 'verifier', 'model', ...(stabilityChecked ? ['rlimit margin'] : [])];
  const body = rows.map((row) => [
    String(row.iteration),
    String(row.sample),
    row.stability === null ? row.result : `${row.result} (${describeStabilityTrailer(row.stability)})`,
    row.errors,
    row.promptTokens === null ? '-' : `${row.promptTokens}/${row.completionTokens ?? 0}`,
    row.wallTimeMs === null ? '-' : `${(row.wallTimeMs / 1000).toFixed(1)}s`,
    row.commit.slice(0, 10),
    row.verifier,
    row.model,
    ...(stabilityChecked ? [row.rlimitMargin ?? '-'] : []),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)));
  const format = (cells: string[]): string => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...body.map(format)].join('\n');
}

function parseNoteLoosely(text: string | null): Partial<LedgerNote> | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Partial<LedgerNote>;
  } catch {
    return null;
  }
}

/** `2/3` → `unstable 2/3`, `3/3` → `stable 3/3`. */
function describeStabilityTrailer(value: string): string {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  return match === null ? value : `${match[1] === match[2] ? 'stable' : 'unstable'} ${value}`;
}
