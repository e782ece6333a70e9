import type { Diagnostic, DiagnosticLocation, DiagnosticSpan } from '../core/diagnostic.js';
import { locateSpan, type VerusFileIr } from '../ir/index.js';
import { mapToIr } from '../diagnostics/map-to-ir.js';

/**
 * Maps each diagnostic onto the IR of the crate's files: the failing function, loop and clause.
 * Span file names may be relative (`src/lib.rs`) or absolute paths of a temporary copy, so a file
 * matches when one path ends with the other at a path boundary.
 */
export function mapDiagnosticsToIr(diagnostics: readonly Diagnostic[], files: ReadonlyMap<string, VerusFileIr>): Diagnostic[] {
  const lookup = (span: DiagnosticSpan): DiagnosticLocation | null => {
    const ir = findFile(files, span.file);
    if (ir === null) return null;
    const query = span.byteStart !== null && span.byteEnd !== null
      ? { byteStart: span.byteStart, byteEnd: span.byteEnd }
      : { lineStart: span.line, columnStart: span.column, lineEnd: span.lineEnd, columnEnd: span.columnEnd };
    const location = locateSpan(ir, query);
    if (location.function === null) return null;
    const clause = location.clause;
    return {
      function: location.function.qualifiedName,
      loopId: clause?.loopId ?? location.loop?.id ?? null,
      clause: clause === null ? null : { kind: clause.kind, index: clause.index ?? -1, text: clause.expression?.text ?? clause.clause.keyword.text },
    };
  };
  return diagnostics.map((diagnostic) => mapToIr(diagnostic, lookup));
}

function findFile(files: ReadonlyMap<string, VerusFileIr>, spanFile: string): VerusFileIr | null {
  const normalized = spanFile.replace(/\\/g, '/');
  for (const [path, ir] of files) {
    const relative = path.replace(/\\/g, '/');
    if (normalized === relative || normalized.endsWith(`/${relative}`) || relative.endsWith(`/${normalized}`)) return ir;
  }
  return null;
}
