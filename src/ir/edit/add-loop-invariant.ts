import { insertClauseExpression } from './insert-clause-expression.js';
import type { TextEdit } from './text-edit.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** Adds `invariant` expression `text` to a loop (last by default), creating the `invariant` clause if needed. */
export function addLoopInvariant(ir: VerusFileIr, loopId: string, text: string, index?: number): TextEdit {
  return insertClauseExpression(ir, { loopId, kind: 'invariant' }, text, index);
}
