import type { Span, SpannedText } from '../core/span.js';
import type { Block } from './block.js';
import type { Clause } from './clause.js';

/**
 * A `while`, `loop` or `for` loop inside a function, with its Verus clauses. Loops are numbered in
 * source order (preorder) per function, which makes ids stable across edits that do not add or
 * remove loops.
 */
export interface Loop {
  kind: 'while' | 'loop' | 'for';
  /** `<function qualified name>/loop#<index>`, e.g. `binary_search/loop#0`, `Counter::increment/loop#1`. */
  id: string;
  index: number;
  /** The id of the innermost enclosing loop, or null. */
  parentId: string | null;
  /** 0 for a loop that is not inside another loop. */
  depth: number;
  /** `'outer` for `'outer: loop { ... }`. */
  label: string | null;
  /** From the label (or keyword) to the closing brace of the body. */
  span: Span;
  /** From the label (or keyword) to the end of the condition / iterator expression; clauses excluded. */
  headerSpan: Span;
  /** The condition of a `while`. */
  condition: SpannedText | null;
  /** The pattern of a `for`. */
  pattern: SpannedText | null;
  /** The iterated expression of a `for`. */
  iterator: SpannedText | null;
  /** The Verus ghost iterator name in `for x in it: expr`. */
  iteratorName: SpannedText | null;
  /** `invariant`, `invariant_except_break`, `ensures`, `decreases` clauses in source order. */
  clauses: Clause[];
  body: Block;
}
