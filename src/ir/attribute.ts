import type { Span } from '../core/span.js';

/** An attribute on an item, statement or expression: `#[verifier::external_body]`, `#![auto]`... */
export interface Attribute {
  /** The exact source text, `#[` to `]`. */
  text: string;
  span: Span;
  /** True for inner attributes (`#![...]`). */
  inner: boolean;
  /**
   * The attribute path, normalized: `#[verifier::external_body]` and the old form
   * `#[verifier(external_body)]` both give `verifier::external_body`; `#[trigger]` gives `trigger`.
   */
  name: string;
  /** What follows the path (without the outer parentheses), e.g. `10` for `#[verifier::rlimit(10)]`; null when nothing. */
  arguments: string | null;
  /** True for the old `#[verifier(name)]` form. */
  legacyForm: boolean;
}
