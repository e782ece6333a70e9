import { replaceClauseExpression, type FunctionItem, type TextEdit, type VerusFileIr } from '../../ir/index.js';

/** The defect operators of `bench generate`; each removes or weakens one proof element. */
export const DEFECT_OPERATORS = ['drop-invariant', 'delete-assert', 'delete-lemma-call', 'delete-decreases', 'weaken-bound'] as const;
export type DefectOperator = (typeof DEFECT_OPERATORS)[number];

/** One defect a verified file can be given: the edit, where it is, and the function that should then fail. */
export interface DefectSite {
  operator: DefectOperator;
  function: string;
  line: number;
  edit: TextEdit;
}

const CHAINED_BOUND = /^(.+?)\s*(<=|<)\s*([^<>=]+?)\s*(<=|<)\s*(.+)$/s;

/** Every site of every operator in the file, in source order per function. Edits are IR text edits. */
export function findDefectSites(ir: VerusFileIr): DefectSite[] {
  return ir.functions.flatMap((fn) => [
    ...fn.loops.flatMap((loop) => loop.clauses.flatMap((clause) => {
      if (clause.kind === 'decreases') return [site(ir, fn, 'delete-decreases', clause.span.byteStart, clause.span.byteEnd, `delete ${loop.id} decreases`)];
      if (clause.kind !== 'invariant') return [];
      return clause.expressions.flatMap((expression, index) => {
        const drops = [clause.expressions.length === 1
          ? site(ir, fn, 'drop-invariant', clause.span.byteStart, clause.span.byteEnd, `delete ${loop.id} invariant`)
          : index === 0
            ? site(ir, fn, 'drop-invariant', expression.span.byteStart, clause.expressions[1]?.span.byteStart ?? expression.span.byteEnd, `delete ${loop.id} invariant ${index}`, false)
            : site(ir, fn, 'drop-invariant', clause.expressions[index - 1]?.span.byteEnd ?? expression.span.byteStart, expression.span.byteEnd, `delete ${loop.id} invariant ${index}`, false)];
        const bound = CHAINED_BOUND.exec(expression.text);
        const weakenable = bound !== null && !/==>|&&|\|\||forall|exists/.test(expression.text);
        const weaken = weakenable ? [{ operator: 'weaken-bound' as const, function: fn.qualifiedName, line: ir.source.lineIndexAt(ir.source.indexAtByteOffset(expression.span.byteStart)) + 1,
          edit: replaceClauseExpression(ir, { kind: 'invariant', loopId: loop.id, index }, `${bound[1]} ${bound[2]} ${bound[3]}`) }] : [];
        return [...drops, ...weaken];
      });
    })),
    ...fn.clauses.filter((clause) => clause.kind === 'decreases' && fn.baseMode === 'exec').map((clause) => site(ir, fn, 'delete-decreases', clause.span.byteStart, clause.span.byteEnd, `delete ${fn.qualifiedName} decreases`)),
    ...fn.proofStatements.flatMap((statement) => {
      if (statement.kind === 'assert' || statement.kind === 'assert-forall') return [site(ir, fn, 'delete-assert', statement.span.byteStart, statement.span.byteEnd, `delete assert in ${fn.qualifiedName}`)];
      if (statement.kind === 'lemma-call') return [site(ir, fn, 'delete-lemma-call', statement.span.byteStart, statement.span.byteEnd, `delete call of ${statement.callee}`)];
      return [];
    }),
  ]);
}

/** A deletion; whole lines when the element stands alone on its lines, so the result reads like hand-written code. */
function site(ir: VerusFileIr, fn: FunctionItem, operator: DefectOperator, byteStart: number, byteEnd: number, description: string, wholeLines = true): DefectSite {
  const { source } = ir;
  let start = source.indexAtByteOffset(byteStart);
  let end = source.indexAtByteOffset(byteEnd);
  const text = source.text;
  if (wholeLines) {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = text.indexOf('\n', end);
    if (/^[ \t]*$/.test(text.slice(lineStart, start)) && /^[ \t,]*$/.test(text.slice(end, lineEnd === -1 ? text.length : lineEnd))) {
      start = lineStart;
      end = lineEnd === -1 ? text.length : lineEnd + 1;
    }
  }
  return { operator, function: fn.qualifiedName, line: ir.source.lineIndexAt(source.indexAtByteOffset(byteStart)) + 1, edit: { byteStart: source.byteOffsetAt(start), byteEnd: source.byteOffsetAt(end), replacement: '', description } };
}
