import type { Diagnostic } from '../../core/diagnostic.js';
import { OUTPUT_LIMITS } from '../output/output-limits.js';

/** Keeps the first `limit` diagnostics and says, in one `output-truncated` note, how many were dropped. */
export function capDiagnostics(diagnostics: Diagnostic[], limit: number = OUTPUT_LIMITS.maxDiagnostics): Diagnostic[] {
  if (diagnostics.length <= limit) return diagnostics;
  const dropped = diagnostics.length - limit;
  const kept = diagnostics.slice(0, limit);
  const droppedErrors = diagnostics.slice(limit).filter((diagnostic) => diagnostic.severity === 'error').length;
  kept.push({
    kind: 'output-truncated',
    message: `${dropped} more diagnostics (${droppedErrors} errors) were dropped: the parser keeps at most ${limit}`,
    severity: 'note',
    code: null,
    origin: diagnostics[0]?.origin === 'precheck' ? 'precheck' : 'verus',
    primary: null,
    secondary: [],
    notes: [],
    expansion: null,
    function: null,
    location: null,
  });
  return kept;
}
