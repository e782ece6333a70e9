import type { Diagnostic } from '../../core/diagnostic.js';

/** A synthetic Diagnostic for tests (not produced by Verus): a postcondition failure unless overridden. */
export function makeDiagnostic(overrides: Partial<Diagnostic> = {}): Diagnostic {
  return {
    kind: 'postcondition',
    message: 'postcondition not satisfied',
    severity: 'error',
    code: null,
    origin: 'verus',
    primary: { file: 'src/lib.rs', line: 5, column: 9, lineEnd: 5, columnEnd: 20, byteStart: null, byteEnd: null, label: 'failed this postcondition', sourceText: null },
    secondary: [],
    notes: [],
    expansion: null,
    function: 'max_of',
    location: { function: 'max_of', loopId: null, clause: { kind: 'ensures', index: 0, text: 'r >= a' } },
    ...overrides,
  };
}
