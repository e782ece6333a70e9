import type { Span } from '../../core/span.js';
import type { Clause } from '../clause.js';
import type { ClauseTarget } from '../edit/clause-target.js';
import { insertClauseExpression } from '../edit/insert-clause-expression.js';
import { replaceClauseExpression } from '../edit/replace-clause-expression.js';
import { applyTextEdits, type TextEdit } from '../edit/text-edit.js';
import { parseVerusSource } from '../parse/parse-verus-source.js';
import type { VerusFileIr } from '../verus-file-ir.js';
import { checkNodeTexts } from './check-node-texts.js';
import { checkSpans, sliceSpanBytes } from './parse-snippet.js';

/** A clause edit to try: replace expression `index` of the clause, or insert one at `index` (the end when absent). */
export interface ClauseEditCase {
  target: ClauseTarget;
  mode: 'replace' | 'insert';
  index?: number;
  /** The expression to put in, as written (no trailing comma). */
  expression: string;
}

/**
 * Test helper: applies a clause edit, parses the edited text again and checks what the edit meant: the
 * clause holds `expression` at the index aimed at, with one more expression for an insertion; every clause
 * expression of the other functions keeps its text, at its old span shifted by the edit's length in bytes
 * and lines (computed here from the edit, not by the IR); the new IR's spans are consistent. Returns the
 * edited text and the problems (none when the edit did what it meant).
 */
export async function checkClauseEdit(before: VerusFileIr, edit: ClauseEditCase): Promise<{ text: string; problems: string[] }> {
  const textEdit = edit.mode === 'replace'
    ? replaceClauseExpression(before, { ...edit.target, index: edit.index ?? 0 }, edit.expression)
    : insertClauseExpression(before, edit.target, edit.expression, edit.index);
  const text = applyTextEdits(before, [textEdit]);
  const after = await parseVerusSource(text, { file: before.file, requireVerus: false });
  const problems = [...checkSpans(after), ...checkNodeTexts(after)];
  const clauseOf = (ir: VerusFileIr): Clause | null => {
    const owner = edit.target.loopId ? ir.functions.flatMap((fn) => fn.loops).find((loop) => loop.id === edit.target.loopId) : ir.functions.find((fn) => fn.qualifiedName === edit.target.function);
    return owner?.clauses.find((clause) => clause.kind === edit.target.kind) ?? null;
  };
  const old = clauseOf(before)?.expressions.length ?? 0;
  const clause = clauseOf(after);
  const expected = edit.mode === 'replace' ? old : old + 1;
  const position = edit.mode === 'insert' && edit.index === undefined ? expected - 1 : edit.index ?? 0;
  if (clause === null || clause.expressions.length !== expected) problems.push(`the clause has ${clause?.expressions.length ?? 'no'} expressions, expected ${expected}`);
  const placed = clause?.expressions[position];
  if (placed === undefined || placed.text !== edit.expression || sliceSpanBytes(after, placed.span) !== edit.expression) problems.push(`expression ${position} is ${JSON.stringify(placed?.text)}, expected ${JSON.stringify(edit.expression)}`);
  problems.push(...checkOtherFunctionsShifted(before, after, textEdit, edit));
  return { text, problems };
}

function checkOtherFunctionsShifted(before: VerusFileIr, after: VerusFileIr, textEdit: TextEdit, edit: ClauseEditCase): string[] {
  const problems: string[] = [];
  const removed = Buffer.from(before.source.text, 'utf8').subarray(textEdit.byteStart, textEdit.byteEnd).toString('utf8');
  const byteShift = Buffer.byteLength(textEdit.replacement, 'utf8') - (textEdit.byteEnd - textEdit.byteStart);
  const lineShift = countLines(textEdit.replacement) - countLines(removed);
  const editEndLine = Buffer.from(before.source.text, 'utf8').subarray(0, textEdit.byteEnd).toString('utf8').split('\n').length;
  const edited = edit.target.loopId ? before.functions.find((fn) => fn.loops.some((loop) => loop.id === edit.target.loopId))?.qualifiedName : edit.target.function;
  if (after.functions.length !== before.functions.length) return [`${after.functions.length} functions after the edit, ${before.functions.length} before`];
  before.functions.forEach((fn, index) => {
    const moved = after.functions[index];
    if (moved === undefined || moved.qualifiedName !== fn.qualifiedName) {
      problems.push(`function ${index} is ${moved?.qualifiedName} after the edit, ${fn.qualifiedName} before`);
      return;
    }
    if (fn.qualifiedName === edited) return;
    const expressions = (item: typeof fn) => [...item.clauses, ...item.loops.flatMap((loop) => loop.clauses)].flatMap((clause) => clause.expressions);
    const old = expressions(fn);
    const now = expressions(moved);
    old.forEach((expression, position) => {
      const span = now[position]?.span;
      const shifted = shift(expression.span, textEdit.byteEnd <= expression.span.byteStart ? byteShift : 0, textEdit.byteEnd <= expression.span.byteStart ? lineShift : 0, expression.span.lineStart > editEndLine);
      const same = span !== undefined && (Object.keys(shifted) as Array<keyof Span>).every((key) => span[key] === shifted[key]);
      if (!same || now[position]?.text !== expression.text) problems.push(`${fn.qualifiedName} expression ${JSON.stringify(expression.text)}: span ${JSON.stringify(span)} after the edit, expected ${JSON.stringify(shifted)}`);
    });
  });
  return problems;
}

/** The span moved by the edit; columns are compared only on lines the edit did not touch. */
function shift(span: Span, bytes: number, lines: number, keepColumns: boolean): Partial<Span> {
  const moved: Partial<Span> = { byteStart: span.byteStart + bytes, byteEnd: span.byteEnd + bytes, lineStart: span.lineStart + lines, lineEnd: span.lineEnd + lines };
  return keepColumns ? { ...moved, columnStart: span.columnStart, columnEnd: span.columnEnd } : moved;
}

function countLines(text: string): number {
  return text.split('\n').length - 1;
}
