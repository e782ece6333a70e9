import type { Clause, ClauseKind } from '../clause.js';
import { describeClauseTarget, resolveClauseOwner, type ClauseOwner, type ClauseTarget } from './clause-target.js';
import { lineIndentation, startsLine } from './find-edit-target.js';
import { cleanExpressionText } from './replace-clause-expression.js';
import type { TextEdit } from './text-edit.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** Verus's clause order, used to place a clause that does not exist yet. */
const FUNCTION_CLAUSE_ORDER: readonly ClauseKind[] = ['requires', 'recommends', 'ensures', 'default_ensures', 'returns', 'decreases', 'when', 'via', 'opens_invariants', 'no_unwind'];
const LOOP_CLAUSE_ORDER: readonly ClauseKind[] = ['invariant_except_break', 'invariant', 'invariant_ensures', 'ensures', 'decreases'];
const INDENT_STEP = '    ';

/**
 * Inserts `text` as expression `index` (default: last) of a clause. When the function or loop has no
 * such clause it is created in Verus's clause order (e.g. the first `invariant` of a loop, or
 * `decreases n`). The edit follows the surrounding layout: one expression per line at the
 * neighbours' indentation for multi-line clauses, `, ` for one-line clauses, and the clause's
 * trailing-comma style.
 */
export function insertClauseExpression(ir: VerusFileIr, target: ClauseTarget, text: string, index?: number): TextEdit {
  const owner = resolveClauseOwner(ir, target);
  const expression = cleanExpressionText(text);
  const description = `insert into ${describeClauseTarget(owner, target.kind)}`;
  const clause = owner.clause;
  if (clause === null) return { ...createClause(ir, owner, target.kind, expression), description: `create ${describeClauseTarget(owner, target.kind)}` };
  const count = clause.expressions.length;
  const last = clause.expressions[count - 1];
  if (last === undefined) return { byteStart: clause.keyword.span.byteEnd, byteEnd: clause.keyword.span.byteEnd, replacement: ` ${expression}`, description };
  const multiLine = isMultiLine(ir, clause);
  const position = Math.max(0, Math.min(index ?? count, count));
  const before = clause.expressions[position];
  if (before !== undefined) {
    const separator = multiLine ? `,\n${lineIndentation(ir, before.span.byteStart)}` : ', ';
    return { byteStart: before.span.byteStart, byteEnd: before.span.byteStart, replacement: `${expression}${separator}`, description };
  }
  const indentation = lineIndentation(ir, last.span.byteStart);
  if (clause.trailingComma) {
    const replacement = multiLine ? `\n${indentation}${expression},` : ` ${expression},`;
    return { byteStart: clause.span.byteEnd, byteEnd: clause.span.byteEnd, replacement, description };
  }
  const replacement = multiLine ? `,\n${indentation}${expression}` : `, ${expression}`;
  return { byteStart: last.span.byteEnd, byteEnd: last.span.byteEnd, replacement, description };
}

/** Multi-line: the first expression starts its own line. */
function isMultiLine(ir: VerusFileIr, clause: Clause): boolean {
  const first = clause.expressions[0];
  return first !== undefined && startsLine(ir, first.span.byteStart);
}

function createClause(ir: VerusFileIr, owner: ClauseOwner, kind: ClauseKind, expression: string): Omit<TextEdit, 'description'> {
  const order = owner.loop === null ? FUNCTION_CLAUSE_ORDER : LOOP_CLAUSE_ORDER;
  const rank = (clauseKind: ClauseKind) => order.indexOf(clauseKind);
  const later = owner.clauses.find((clause) => rank(clause.kind) > rank(kind));
  const ownerIndentation = lineIndentation(ir, owner.loop?.span.byteStart ?? owner.fn.signatureSpan.byteStart);
  const reference = later ?? owner.clauses[owner.clauses.length - 1];
  const keywordIndentation = reference !== undefined && startsLine(ir, reference.keyword.span.byteStart)
    ? lineIndentation(ir, reference.keyword.span.byteStart)
    : ownerIndentation + INDENT_STEP;
  const expressionIndentation = reference?.expressions[0] !== undefined && isMultiLine(ir, reference)
    ? lineIndentation(ir, reference.expressions[0].span.byteStart)
    : keywordIndentation + INDENT_STEP;
  const oneLine = reference !== undefined && !isMultiLine(ir, reference);
  const clauseText = oneLine ? `${kind} ${expression},` : `${kind}\n${expressionIndentation}${expression},`;
  if (later !== undefined) {
    const separator = startsLine(ir, later.keyword.span.byteStart) ? `\n${keywordIndentation}` : ' ';
    return { byteStart: later.keyword.span.byteStart, byteEnd: later.keyword.span.byteStart, replacement: `${clauseText}${separator}` };
  }
  const previous = owner.clauses[owner.clauses.length - 1];
  if (previous !== undefined) {
    const separator = startsLine(ir, previous.keyword.span.byteStart) ? `\n${keywordIndentation}` : ' ';
    return { byteStart: previous.span.byteEnd, byteEnd: previous.span.byteEnd, replacement: `${separator}${clauseText}` };
  }
  return createFirstClause(ir, owner, kind, expression, ownerIndentation, keywordIndentation, expressionIndentation);
}

/** Without other clauses the clause goes between the header and the body (or the `;` of a declaration). */
function createFirstClause(ir: VerusFileIr, owner: ClauseOwner, kind: ClauseKind, expression: string, ownerIndentation: string, keywordIndentation: string, expressionIndentation: string): Omit<TextEdit, 'description'> {
  const headerEnd = owner.loop?.headerSpan.byteEnd ?? owner.fn.signatureSpan.byteEnd;
  const body = owner.loop?.body ?? owner.fn.body;
  const clauseText = `\n${keywordIndentation}${kind}\n${expressionIndentation}${expression}`;
  if (body === null) {
    // A declaration `fn f() -> T;`: the clause ends right before the `;`, without a trailing comma.
    return { byteStart: headerEnd, byteEnd: owner.fn.span.byteEnd - 1, replacement: clauseText };
  }
  const between = ir.source.sliceBytes(headerEnd, body.span.byteStart);
  if (between.includes('\n') || between.trim() !== '') return { byteStart: headerEnd, byteEnd: headerEnd, replacement: `${clauseText},` };
  return { byteStart: headerEnd, byteEnd: body.span.byteStart, replacement: `${clauseText},\n${ownerIndentation}` };
}
