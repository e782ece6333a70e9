import type { Span, SpannedText } from '../core/span.js';

/** Clause keywords of functions (and `assume_specification`). */
export const FUNCTION_CLAUSE_KINDS = [
  'requires',
  'ensures',
  'default_ensures',
  'recommends',
  'decreases',
  'when',
  'via',
  'returns',
  'opens_invariants',
  'no_unwind',
] as const;

/** Clause keywords of loops (between the header and the body). */
export const LOOP_CLAUSE_KINDS = ['invariant', 'invariant_except_break', 'invariant_ensures', 'ensures', 'decreases'] as const;

export type FunctionClauseKind = (typeof FUNCTION_CLAUSE_KINDS)[number];
export type LoopClauseKind = (typeof LOOP_CLAUSE_KINDS)[number];
export type ClauseKind = FunctionClauseKind | LoopClauseKind;

/**
 * One expression of a clause: the exact source text (trimmed, without the separating comma) and its
 * span. Commas inside groups, quantifier and closure binders and generic arguments do not split.
 */
export interface ClauseExpression extends SpannedText {
  /** Position within the clause, from 0. */
  index: number;
  /** For an `&&&` / `|||` bullet list, each bullet without its operator; empty otherwise. */
  bullets: SpannedText[];
}

/** A `requires`/`ensures`/`invariant`/... clause. */
export interface Clause {
  kind: ClauseKind;
  /** The keyword token. */
  keyword: SpannedText;
  /** From the keyword to the end of the last expression (trailing comma included when present). */
  span: Span;
  expressions: ClauseExpression[];
  /** Whether the last expression is followed by a comma. */
  trailingComma: boolean;
}
