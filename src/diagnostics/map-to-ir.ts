import type { Diagnostic, DiagnosticLocation, DiagnosticSpan } from '../core/diagnostic.js';
import { selectFailureSite } from './classify/select-failure-site.js';

/**
 * Resolves a span to a place in the IR (function, loop, clause), or null when it lies outside the
 * parsed source. Supplied by the IR layer; this module does not depend on it.
 */
export type IrLocationLookup = (span: DiagnosticSpan) => DiagnosticLocation | null;

/**
 * Maps a diagnostic onto the IR through its failure site (see select-failure-site.ts), falling back
 * to the primary span. Pure: returns a copy with `function` and `location` set, or unchanged
 * (`null`s) when the lookup finds nothing.
 */
export function mapToIr(diagnostic: Diagnostic, lookup: IrLocationLookup): Diagnostic {
  const candidates = [selectFailureSite(diagnostic), diagnostic.primary].filter((span): span is DiagnosticSpan => span !== null);
  for (const span of candidates) {
    const location = lookup(span);
    if (location !== null) return { ...diagnostic, function: location.function, location };
  }
  return { ...diagnostic, function: null, location: null };
}
