import type { Diagnostic } from '../../core/diagnostic.js';

/**
 * What the editor and the instructor are shown of a verification: every error, and the notes and
 * warnings of the functions that failed. Notes about functions that verified (chosen triggers,
 * long-running queries) and unattributed notes are noise for a repair, in focused and whole-crate
 * runs alike.
 */
export function selectFailingFunctionDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const failing = new Set(diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.function));
  return diagnostics.filter((diagnostic) => diagnostic.severity === 'error' || (diagnostic.function !== null && failing.has(diagnostic.function)));
}
