import type { Diagnostic, DiagnosticSeverity, DiagnosticSpan } from '../../core/diagnostic.js';
import { classifyDiagnostic } from './classify-diagnostic.js';
import { limitText, OUTPUT_LIMITS } from '../output/output-limits.js';

/** A diagnostic as a parser read it, before classification and bounding. */
export interface DiagnosticDraft {
  message: string;
  severity: DiagnosticSeverity;
  code: string | null;
  primary: DiagnosticSpan | null;
  secondary: DiagnosticSpan[];
  notes: string[];
  expansion: string | null;
}

/** Classifies a draft and applies the size limits. IR fields stay null until mapped (see map-to-ir.ts). */
export function createDiagnostic(draft: DiagnosticDraft, options: { origin?: 'verus' | 'precheck' } = {}): Diagnostic {
  const { kind, origin } = classifyDiagnostic(draft, options);
  return {
    kind,
    message: limitText(draft.message),
    severity: draft.severity,
    code: draft.code,
    origin,
    primary: draft.primary,
    secondary: draft.secondary.slice(0, OUTPUT_LIMITS.maxSpansPerDiagnostic),
    notes: draft.notes.slice(0, OUTPUT_LIMITS.maxNotesPerDiagnostic).map(limitText),
    expansion: draft.expansion === null ? null : limitText(draft.expansion),
    function: null,
    location: null,
  };
}
