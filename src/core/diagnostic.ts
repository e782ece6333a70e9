import type { DiagnosticKind } from './diagnostic-kind.js';

export type DiagnosticSeverity = 'error' | 'warning' | 'note' | 'help';

/** Who produced a diagnostic: Verus itself, rustc under Verus, or the erased cargo pre-check. */
export type DiagnosticOrigin = 'verus' | 'rustc' | 'precheck';

/**
 * One span of a diagnostic, in rustc's coordinates (1-based line/column, columns in Unicode scalar
 * values, UTF-8 byte offsets). Byte offsets are null when the source was human-rendered text, which
 * carries no byte offsets.
 */
export interface DiagnosticSpan {
  file: string;
  line: number;
  column: number;
  lineEnd: number;
  columnEnd: number;
  byteStart: number | null;
  byteEnd: number | null;
  label: string | null;
  /** The source line(s) rustc quoted for this span, if any. */
  sourceText: string | null;
}

/** Where in the IR a diagnostic points, once mapped (see src/diagnostics/map-to-ir.ts). */
export interface DiagnosticLocation {
  function: string | null;
  loopId: string | null;
  clause: { kind: string; index: number; text: string } | null;
}

/** A classified diagnostic from Verus, rustc or a cargo pre-check. Untrusted data, parsed defensively. */
export interface Diagnostic {
  kind: DiagnosticKind;
  message: string;
  severity: DiagnosticSeverity;
  /** rustc error code (E0308...) or null; Verus's own diagnostics have none. */
  code: string | null;
  origin: DiagnosticOrigin;
  primary: DiagnosticSpan | null;
  secondary: DiagnosticSpan[];
  /** Child notes and help lines, in order. */
  notes: string[];
  /** The `--expand-errors` tree (lines ending in ✔ / ✘), when present. */
  expansion: string | null;
  /** Set after mapping onto the IR; null when unmapped. */
  function: string | null;
  location: DiagnosticLocation | null;
}
