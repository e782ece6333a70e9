import type { Span } from '../core/span.js';

/** One top-level statement of a block: where an edit can insert code before or after. */
export interface Statement {
  /** `let` bindings, nested items (`fn`, `struct`, `use`...) and everything else. */
  kind: 'let' | 'item' | 'expression';
  /** Position within the block, from 0. */
  index: number;
  /** From the first token (attributes included) to the `;` or closing brace; trimmed. */
  span: Span;
  /** Whether the statement ends with `;` (a block's tail expression does not). */
  hasSemicolon: boolean;
}

/** A `{ ... }` block with its top-level statements. */
export interface Block {
  /** Braces included. */
  span: Span;
  statements: Statement[];
}
