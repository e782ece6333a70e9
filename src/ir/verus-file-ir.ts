import type { Span } from '../core/span.js';
import type { Attribute } from './attribute.js';
import type { FunctionItem } from './function-item.js';
import type { IrItem } from './ir-item.js';
import type { SkippedNote } from './skipped-note.js';
import type { SourceText } from './span/source-text.js';
import type { TokenTable } from './syntax/token-table.js';

/**
 * The IR of one Rust/Verus source file. It keeps the source, so printing an unedited IR gives the
 * file back byte for byte, and the tokens, so views and edits need no re-parse.
 */
export interface VerusFileIr {
  file: string;
  source: SourceText;
  tokens: TokenTable;
  /** Top-level items in source order; items of impls, traits and inline modules nest inside them. */
  items: IrItem[];
  /** Every function of the file (methods and functions of nested modules included), in source order. */
  functions: FunctionItem[];
  /** Inner attributes at file or module level (`#![allow(...)]`), in source order. */
  innerAttributes: Attribute[];
  /** The `verus! { ... }` invocations, whole invocation spans. */
  verusMacros: Span[];
  skipped: SkippedNote[];
}
