import type { Diagnostic } from '../../core/diagnostic.js';
import { joinExpansion } from '../rustc/read-rustc-diagnostic.js';

const EXPANSION_NOTE = /^diagnostics via expansion/;
/** Notes Verus prints after an error to say which of its passes found it (e.g. the trait-conflict checker). */
const PASS_NOTE = /^This error was found in Verus/;

/**
 * Folds top-level notes that only explain the diagnostic before them into it: an out-of-band
 * `--expand-errors` tree becomes that diagnostic's `expansion`, and a "found in Verus pass" note
 * becomes one of its notes. The expansion goes to the most recent error, since Verus prints the
 * trees after the errors they expand. Notes with nothing before them are kept as they are. The
 * input is not modified; a diagnostic is copied only when something is folded into it.
 */
export function foldAttachedNotes(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const folded: Diagnostic[] = [];
  const copied = new Set<number>();
  const own = (index: number): Diagnostic => {
    const original = folded[index] as Diagnostic;
    if (copied.has(index)) return original;
    const copy = { ...original, notes: [...original.notes] };
    folded[index] = copy;
    copied.add(index);
    return copy;
  };
  let lastError = -1;
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === 'note') {
      const isExpansion = EXPANSION_NOTE.test(diagnostic.message) || (diagnostic.message === '' && diagnostic.expansion !== null);
      if (isExpansion && lastError !== -1) {
        const target = own(lastError);
        target.expansion = joinExpansion(target.expansion, diagnostic.expansion ?? diagnostic.message.replace(EXPANSION_NOTE, '').trim());
        continue;
      }
      if (PASS_NOTE.test(diagnostic.message) && folded.length > 0) {
        own(folded.length - 1).notes.push(`note: ${diagnostic.message}`);
        continue;
      }
    }
    folded.push(diagnostic);
    if (diagnostic.severity === 'error') lastError = folded.length - 1;
  }
  return folded;
}
