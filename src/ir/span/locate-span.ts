import type { Span } from '../../core/span.js';
import type { Statement } from '../block.js';
import type { Clause, ClauseExpression } from '../clause.js';
import type { FunctionItem } from '../function-item.js';
import type { Loop } from '../loop.js';
import type { ProofStatement } from '../proof-statement.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** A location to look up: a byte range, or (human-rendered diagnostics have no byte offsets) 1-based lines and columns. */
export type SpanQuery =
  | { byteStart: number; byteEnd: number }
  | { lineStart: number; columnStart: number; lineEnd?: number; columnEnd?: number };

/** Where a query falls in the IR, innermost first at each level; null where nothing contains it. */
export interface SpanLocation {
  function: FunctionItem | null;
  /** The innermost loop of that function containing the query. */
  loop: Loop | null;
  /** The innermost clause containing the query (a loop's clause before the function's), with the expression index. */
  clause: { kind: Clause['kind']; clause: Clause; index: number | null; expression: ClauseExpression | null; loopId: string | null } | null;
  /** The innermost proof statement containing the query. */
  proofStatement: ProofStatement | null;
  /** The top-level statement of the innermost listed block (function body, loop body, proof block) containing the query. */
  statement: { statement: Statement; blockOf: 'function' | 'loop' | 'proof-block'; loopId: string | null } | null;
  /** The query as a byte range. */
  byteStart: number;
  byteEnd: number;
}

/**
 * Finds the innermost function, loop, clause expression and statements containing a diagnostic
 * span. A query contained in no expression of a clause still maps to the clause (index null).
 */
export function locateSpan(ir: VerusFileIr, query: SpanQuery): SpanLocation {
  const [byteStart, byteEnd] = toByteRange(ir, query);
  const target = { byteStart, byteEnd };
  const result: SpanLocation = { function: null, loop: null, clause: null, proofStatement: null, statement: null, byteStart, byteEnd };
  const fn = innermost(ir.functions, target, (candidate) => candidate.span);
  if (fn === null) return result;
  result.function = fn;
  result.loop = innermost(fn.loops, target, (loop) => loop.span);
  result.clause = findClause(fn, result.loop, target);
  result.proofStatement = innermost(fn.proofStatements, target, (statement) => statement.span);
  result.statement = findStatement(fn, target);
  return result;
}

type ByteRange = { byteStart: number; byteEnd: number };

function toByteRange(ir: VerusFileIr, query: SpanQuery): [number, number] {
  if ('byteStart' in query) return [query.byteStart, Math.max(query.byteStart, query.byteEnd)];
  const start = ir.source.indexAtLineColumn(query.lineStart, query.columnStart);
  const end = query.lineEnd === undefined ? start : ir.source.indexAtLineColumn(query.lineEnd, query.columnEnd ?? query.columnStart);
  return [ir.source.byteOffsetAt(start), ir.source.byteOffsetAt(Math.max(start, end))];
}

function contains(outer: Span, inner: ByteRange): boolean {
  return outer.byteStart <= inner.byteStart && inner.byteEnd <= outer.byteEnd;
}

function innermost<T>(candidates: readonly T[], target: ByteRange, spanOf: (candidate: T) => Span): T | null {
  let best: T | null = null;
  let bestLength = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const span = spanOf(candidate);
    const length = span.byteEnd - span.byteStart;
    if (contains(span, target) && length <= bestLength) {
      best = candidate;
      bestLength = length;
    }
  }
  return best;
}

function findClause(fn: FunctionItem, loop: Loop | null, target: ByteRange): SpanLocation['clause'] {
  const loopsOutward: Loop[] = [];
  for (let current = loop; current !== null; current = fn.loops.find((candidate) => candidate.id === current?.parentId) ?? null) loopsOutward.push(current);
  const owners: Array<{ clauses: Clause[]; loopId: string | null }> = [...loopsOutward.map((owner) => ({ clauses: owner.clauses, loopId: owner.id })), { clauses: fn.clauses, loopId: null }];
  for (const owner of owners) {
    const clause = owner.clauses.find((candidate) => contains(candidate.span, target));
    if (clause === undefined) continue;
    const expression = clause.expressions.find((candidate) => contains(candidate.span, target))
      ?? clause.expressions.find((candidate) => candidate.span.byteStart <= target.byteStart && target.byteStart < candidate.span.byteEnd)
      ?? null;
    return { kind: clause.kind, clause, index: expression?.index ?? null, expression, loopId: owner.loopId };
  }
  return null;
}

function findStatement(fn: FunctionItem, target: ByteRange): SpanLocation['statement'] {
  const blocks: Array<{ statements: Statement[]; blockOf: 'function' | 'loop' | 'proof-block'; loopId: string | null; length: number }> = [];
  if (fn.body !== null && contains(fn.body.span, target)) blocks.push({ statements: fn.body.statements, blockOf: 'function', loopId: null, length: fn.body.span.byteEnd - fn.body.span.byteStart });
  for (const loop of fn.loops) {
    if (contains(loop.body.span, target)) blocks.push({ statements: loop.body.statements, blockOf: 'loop', loopId: loop.id, length: loop.body.span.byteEnd - loop.body.span.byteStart });
  }
  for (const statement of fn.proofStatements) {
    if (statement.kind === 'proof-block' && contains(statement.block.span, target)) {
      blocks.push({ statements: statement.block.statements, blockOf: 'proof-block', loopId: statement.loopId, length: statement.block.span.byteEnd - statement.block.span.byteStart });
    }
  }
  blocks.sort((left, right) => left.length - right.length);
  for (const block of blocks) {
    const statement = block.statements.find((candidate) => contains(candidate.span, target));
    if (statement !== undefined) return { statement, blockOf: block.blockOf, loopId: block.loopId };
  }
  return null;
}
