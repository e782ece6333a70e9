import type { Clause, ClauseKind } from '../clause.js';
import { findFunction, findLoop, targetError } from './find-edit-target.js';
import type { FunctionItem } from '../function-item.js';
import type { Loop } from '../loop.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** A clause of a function (no `loopId`) or of a loop. */
export interface ClauseTarget {
  /** Function qualified (or unique plain) name; not needed when `loopId` is given. */
  function?: string;
  loopId?: string | null;
  kind: ClauseKind;
}

/** The function or loop owning a target clause, and the clause when it exists. */
export interface ClauseOwner {
  fn: FunctionItem;
  loop: Loop | null;
  clauses: Clause[];
  clause: Clause | null;
}

export function resolveClauseOwner(ir: VerusFileIr, target: ClauseTarget): ClauseOwner {
  if (target.loopId !== undefined && target.loopId !== null) {
    const { fn, loop } = findLoop(ir, target.loopId);
    return { fn, loop, clauses: loop.clauses, clause: loop.clauses.find((clause) => clause.kind === target.kind) ?? null };
  }
  if (target.function === undefined) throw targetError(ir, 'unknown-function', 'a clause target needs a function name or a loop id');
  const fn = findFunction(ir, target.function);
  return { fn, loop: null, clauses: fn.clauses, clause: fn.clauses.find((clause) => clause.kind === target.kind) ?? null };
}

/** `binary_search/loop#0 invariant` or `binary_search requires`, for edit descriptions. */
export function describeClauseTarget(owner: ClauseOwner, kind: ClauseKind): string {
  return `${owner.loop?.id ?? owner.fn.qualifiedName} ${kind}`;
}
