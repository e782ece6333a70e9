import type { Diagnostic } from '../../core/diagnostic.js';

/** Reads one line of a source file (1-based), or null when it cannot. */
export type SourceLineReader = (file: string, line: number) => string | null;

/**
 * Errors grouped by kind, in order of first appearance, each as `file:line:col: message` followed
 * by the source line it points at (rustc's quoted text, or the line read from disk).
 */
export function renderDiagnosticGroups(diagnostics: Diagnostic[], readSourceLine: SourceLineReader): string[] {
  const groups = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics.filter((item) => item.severity === 'error')) {
    groups.set(diagnostic.kind, [...(groups.get(diagnostic.kind) ?? []), diagnostic]);
  }
  const lines: string[] = [];
  for (const [kind, members] of groups) {
    lines.push(`  ${kind} (${members.length})`);
    for (const diagnostic of members) {
      const span = diagnostic.primary;
      lines.push(`    ${span === null ? '(no location)' : `${span.file}:${span.line}:${span.column}`}: ${diagnostic.message}${describeLocation(diagnostic)}`);
      if (span === null) continue;
      const source = span.sourceText?.split('\n')[0] ?? readSourceLine(span.file, span.line);
      if (source !== null && source.trim() !== '') lines.push(`      ${String(span.line).padStart(4)} | ${source.trimEnd()}`);
    }
  }
  return lines;
}

/** ` [in binary_search, loop binary_search/loop#0, invariant #2]` once mapped onto the IR. */
function describeLocation(diagnostic: Diagnostic): string {
  const location = diagnostic.location;
  if (location === null || location.function === null) return '';
  const parts = [`in ${location.function}`];
  if (location.loopId !== null) parts.push(`loop ${location.loopId}`);
  if (location.clause !== null) parts.push(location.clause.index >= 0 ? `${location.clause.kind} #${location.clause.index + 1}` : location.clause.kind);
  return ` [${parts.join(', ')}]`;
}
