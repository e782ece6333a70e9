import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostic.js';
import { selectFailingFunctionDiagnostics } from './select-failing-function-diagnostics.js';

const diagnostic = (severity: Diagnostic['severity'], fn: string | null, message: string): Diagnostic =>
  ({ kind: 'other', message, severity, code: null, origin: 'verifier', primary: null, secondary: [], notes: [], expansion: null, function: fn, location: null }) as unknown as Diagnostic;

describe('selectFailingFunctionDiagnostics', () => {
  it('keeps every error and the notes of failing functions, and drops notes about functions that verified', () => {
    const kept = selectFailingFunctionDiagnostics([
      diagnostic('error', 'pop', 'postcondition not satisfied'),
      diagnostic('note', 'pop', 'recommendation not met'),
      diagnostic('note', 'push', 'automatically chose triggers for this expression:'),
      diagnostic('warning', null, 'unused variable'),
      diagnostic('error', null, 'mismatched types'),
    ]);
    expect(kept.map((entry) => entry.message)).toEqual(['postcondition not satisfied', 'recommendation not met', 'mismatched types']);
  });
});
