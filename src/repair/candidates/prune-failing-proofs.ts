import type { Diagnostic, DiagnosticSpan } from '../../core/diagnostic.js';
import { applyTextEdits, locateSpan, type Clause, type ClauseExpression, type TextEdit, type VerusFileIr } from '../../ir/index.js';
import { selectFailureSite } from '../../diagnostics/classify/select-failure-site.js';

export interface PrunedCandidate {
  source: string;
  /** What was removed, for the ledger summary and the report. */
  removed: string[];
}

const INVARIANT_CLAUSES = new Set(['invariant', 'invariant_except_break']);

/**
 * Houdini-style pruning: when every error of a failing candidate sits on a loop invariant or assert
 * that the candidate added (absent from the original), returns the candidate with those removed, so
 * it can be checked again before the model is asked. Returns null when any error is elsewhere.
 */
export function pruneFailingAddedProofs(original: VerusFileIr, candidate: VerusFileIr, diagnostics: readonly Diagnostic[]): PrunedCandidate | null {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length === 0) return null;
  const edits = new Map<number, TextEdit>();
  const removed: string[] = [];
  for (const error of errors) {
    const site = selectFailureSite(error) ?? error.primary;
    if (site === null) return null;
    const location = locateSpan(candidate, toQuery(site));
    const clause = location.clause;
    if (clause !== null && INVARIANT_CLAUSES.has(clause.kind) && clause.expression !== null && clause.loopId !== null) {
      if (originalInvariants(original, clause.loopId).has(normalize(clause.expression.text))) return null;
      const edit = removeExpression(candidate, clause.clause, clause.expression);
      edits.set(edit.byteStart, edit);
      removed.push(`${clause.loopId} invariant ${clause.expression.text}`);
    } else if (location.proofStatement !== null && location.proofStatement.kind === 'assert' && location.function !== null) {
      const statement = location.proofStatement;
      if (originalAsserts(original, location.function.qualifiedName).has(normalize(statement.expression.text))) return null;
      edits.set(statement.span.byteStart, widenToLines(candidate, { byteStart: statement.span.byteStart, byteEnd: statement.span.byteEnd, replacement: '', description: 'remove failing assert' }));
      removed.push(`${location.function.qualifiedName} assert(${statement.expression.text})`);
    } else {
      return null;
    }
  }
  return { source: applyTextEdits(candidate, [...edits.values()]), removed: [...new Set(removed)] };
}

function removeExpression(ir: VerusFileIr, clause: Clause, expression: ClauseExpression): TextEdit {
  const description = `remove ${clause.kind} expression ${expression.index}`;
  if (clause.expressions.length === 1) {
    return widenToLines(ir, { byteStart: clause.keyword.span.byteStart, byteEnd: clause.span.byteEnd, replacement: '', description });
  }
  const next = clause.expressions[expression.index + 1];
  // A removed last expression leaves its predecessor's comma behind as a trailing comma, which Verus accepts.
  const byteEnd = next === undefined ? clause.span.byteEnd : next.span.byteStart;
  return widenToLines(ir, { byteStart: expression.span.byteStart, byteEnd, replacement: '', description });
}

/** Extends a deletion over the whole line(s) when nothing else is on them, so no blank lines remain. */
function widenToLines(ir: VerusFileIr, edit: TextEdit): TextEdit {
  const text = ir.source.text;
  let start = ir.source.indexAtByteOffset(edit.byteStart);
  let end = ir.source.indexAtByteOffset(edit.byteEnd);
  let lineStart = start;
  while (lineStart > 0 && (text[lineStart - 1] === ' ' || text[lineStart - 1] === '\t')) lineStart -= 1;
  let lineEnd = end;
  while (lineEnd < text.length && (text[lineEnd] === ' ' || text[lineEnd] === '\t')) lineEnd += 1;
  if ((lineStart === 0 || text[lineStart - 1] === '\n') && (lineEnd === text.length || text[lineEnd] === '\n')) {
    start = lineStart;
    end = Math.min(text.length, lineEnd + 1);
  }
  return { ...edit, byteStart: ir.source.byteOffsetAt(start), byteEnd: ir.source.byteOffsetAt(end) };
}

function originalInvariants(original: VerusFileIr, loopId: string): Set<string> {
  const loop = original.functions.flatMap((fn) => fn.loops).find((candidate) => candidate.id === loopId);
  return new Set((loop?.clauses ?? []).filter((clause) => INVARIANT_CLAUSES.has(clause.kind)).flatMap((clause) => clause.expressions.map((expression) => normalize(expression.text))));
}

function originalAsserts(original: VerusFileIr, functionName: string): Set<string> {
  const fn = original.functions.find((candidate) => candidate.qualifiedName === functionName);
  return new Set((fn?.proofStatements ?? []).flatMap((statement) => (statement.kind === 'assert' ? [normalize(statement.expression.text)] : [])));
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function toQuery(span: DiagnosticSpan): { byteStart: number; byteEnd: number } | { lineStart: number; columnStart: number; lineEnd: number; columnEnd: number } {
  return span.byteStart !== null && span.byteEnd !== null
    ? { byteStart: span.byteStart, byteEnd: span.byteEnd }
    : { lineStart: span.line, columnStart: span.column, lineEnd: span.lineEnd, columnEnd: span.columnEnd };
}
