import type { Span } from '../core/span.js';
import type { Attribute } from './attribute.js';

/** Fields every item has. */
export interface ItemBase {
  /** The item's name; for an impl `impl Trait for Type`; for `use` the use tree; '' when it has none. */
  name: string;
  /** The whole item, outer attributes included, trailing `;` included. */
  span: Span;
  attributes: Attribute[];
  /** `pub`, `pub(crate)`, `pub(in a::b)`...; null when private. */
  visibility: string | null;
  /** True inside `verus! { }`: verified code. Items outside are plain Rust and are not verified. */
  insideVerus: boolean;
  /** Names of the enclosing inline modules, outermost first (the file's own module path is unknown). */
  modulePath: string[];
}
