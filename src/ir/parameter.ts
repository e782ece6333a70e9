import type { Span, SpannedText } from '../core/span.js';

/** Whether a value exists at run time (`exec`), or only for the verifier (`ghost`, `tracked`). */
export type ValueMode = 'exec' | 'ghost' | 'tracked';

/** One function parameter. */
export interface Parameter {
  /** The bound name (`self` for receivers); for a destructuring pattern, the pattern's text. */
  name: string;
  /** The pattern as written, without mode keywords: `mut x`, `Ghost(g)`, `&mut self`. */
  pattern: SpannedText;
  /** The type after `:`; null for shorthand receivers (`self`, `&self`, `&mut self`). */
  type: SpannedText | null;
  /** The whole parameter, mode keyword included, separating comma excluded. */
  span: Span;
  /** `tracked x: T` / `Tracked(x): Tracked<T>` are tracked; `ghost x: T` / `Ghost(x): Ghost<T>` are ghost. */
  mode: ValueMode;
  isSelf: boolean;
}

/** The return value of a function: named `-> (r: T)` or unnamed `-> T`. */
export interface ReturnValue {
  /** `r` for `-> (r: T)`; null for `-> T`. */
  name: string | null;
  type: SpannedText;
  /** From `->` to the end of the type (or the closing parenthesis of a named return). */
  span: Span;
  /** `tracked` for `-> (tracked r: T)` or `-> tracked T`. */
  mode: ValueMode;
}
