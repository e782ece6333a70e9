import type { DiagnosticSeverity } from '../../core/diagnostic.js';

/** One line of human-rendered rustc/Verus output, recognised by the rules in human-line-rules.ts. */
export type HumanLine =
  | { kind: 'summary'; verified: number; errors: number }
  | { kind: 'noise' }
  | { kind: 'panic'; text: string }
  | { kind: 'header'; severity: DiagnosticSeverity; code: string | null; message: string }
  | { kind: 'location'; role: 'primary' | 'secondary'; file: string; line: number; column: number }
  | { kind: 'attached-note'; level: 'note' | 'help'; text: string }
  | { kind: 'gutter'; lineNumber: number | null; content: string }
  | { kind: 'elision' }
  | { kind: 'suggestion' }
  | { kind: 'blank' }
  | { kind: 'continuation'; text: string }
  | { kind: 'other'; text: string };
