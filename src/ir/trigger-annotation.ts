import type { Span, SpannedText } from '../core/span.js';

/**
 * A manual trigger found in a function's clauses or body: `#[trigger] f(x)` marks one term,
 * `#![trigger f(x), g(x)]` lists a trigger group, `#![auto]` asks Verus to choose.
 */
export interface TriggerAnnotation {
  kind: 'trigger' | 'trigger-group' | 'auto';
  /** The attribute itself (`#[trigger]`, `#![trigger ...]`, `#![auto]`). */
  span: Span;
  /** The marked term for `#[trigger]`, the listed terms for a group, nothing for `#![auto]`. */
  terms: SpannedText[];
}
