import { assertNever } from '../../core/assert-never.js';
import type { ChangeReason, ChangeSelection } from './change-selection.js';

/** The selection on a terminal: what is reviewed and why, what was deleted, or that nothing changed. */
export function renderChangeSelection(selection: ChangeSelection): string {
  const lines = selection.functions.length === 0
    ? [`nothing to review: no exec code or spec of an exec function changed since ${selection.base}${selection.changedFiles.length === 0 ? '' : ` (${selection.changedFiles.length} Rust file(s) changed otherwise)`}`]
    : [`reviewing ${selection.functions.length} function(s) changed since ${selection.base}:`, ...selection.functions.map((entry) => `  ${entry.file} ${entry.function} (${entry.reasons.map(describeReason).join('; ')})`)];
  for (const entry of selection.deleted) lines.push(`deleted since ${selection.base}: ${entry.file} ${entry.function} (${entry.mode} fn)`);
  return `${lines.join('\n')}\n`;
}

export function describeReason(reason: ChangeReason): string {
  switch (reason.kind) {
    case 'file-added':
      return 'file added';
    case 'base-unparsable':
      return 'the base version of the file does not parse';
    case 'function-added':
      return 'function added';
    case 'exec-changed':
      return 'exec code changed';
    case 'spec-changed':
      return 'spec changed';
    case 'uses-changed-spec-fn':
      return `uses changed spec fn ${reason.specFunctions.join(', ')}`;
    default:
      return assertNever(reason, 'change reason');
  }
}
