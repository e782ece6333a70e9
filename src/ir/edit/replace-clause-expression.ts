import { resolveClauseOwner, describeClauseTarget, type ClauseTarget } from './clause-target.js';
import { targetError } from './find-edit-target.js';
import type { TextEdit } from './text-edit.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** Replaces expression `index` of a clause with `text` (trimmed, a trailing comma dropped: the separator stays). */
export function replaceClauseExpression(ir: VerusFileIr, target: ClauseTarget & { index: number }, text: string): TextEdit {
  const owner = resolveClauseOwner(ir, target);
  const expression = owner.clause?.expressions[target.index];
  if (expression === undefined) {
    throw targetError(ir, 'unknown-clause-expression', `${describeClauseTarget(owner, target.kind)} has no expression ${target.index}`);
  }
  return {
    byteStart: expression.span.byteStart,
    byteEnd: expression.span.byteEnd,
    replacement: cleanExpressionText(text),
    description: `replace ${describeClauseTarget(owner, target.kind)} expression ${target.index}`,
  };
}

/** Trims the text and drops one trailing comma, which the clause's own separators provide. */
export function cleanExpressionText(text: string): string {
  return text.trim().replace(/,$/, '').trimEnd();
}
