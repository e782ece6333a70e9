import { appendFile } from 'node:fs/promises';
import type { ChangeSelection } from '../review/changes/change-selection.js';

/** `--since REF` or `--in-diff FILE`: the changed functions, read before any build (a bad ref is exit 2 here). */
export async function selectChanges(options: { since?: string; inDiff?: string }, crate: string): Promise<ChangeSelection | null> {
  if (options.since === undefined && options.inDiff === undefined) return null;
  const { selectReviewChanges } = await import('../review/changes/select-review-changes.js');
  return selectReviewChanges(crate, options.since !== undefined ? { kind: 'ref', ref: options.since } : { kind: 'diff', file: options.inDiff ?? '' });
}

/** The selected functions, narrowed to `--fn` and `--file` when they are given. */
export function narrowFunctions(selection: ChangeSelection, names: readonly string[], file: string | undefined): string[] {
  const selected = [...new Set(selection.functions.filter((entry) => file === undefined || entry.file === file).map((entry) => entry.function))];
  return names.length === 0 ? selected : selected.filter((name) => names.includes(name));
}

/** The one file all selected functions are in, so only it is loaded; undefined when they span several. */
export function singleFile(selection: ChangeSelection | null): string | undefined {
  const files = new Set(selection?.functions.map((entry) => entry.file) ?? []);
  return files.size === 1 ? [...files][0] : undefined;
}

export async function writeNothingChangedSummary(selection: ChangeSelection): Promise<void> {
  const summaryFile = process.env['GITHUB_STEP_SUMMARY'];
  if (summaryFile === undefined || summaryFile === '') return;
  const { renderNothingChangedSummary } = await import('../review/report/render-review-step-summary.js');
  await appendFile(summaryFile, renderNothingChangedSummary(selection.base, selection.deleted.length));
}
