import type { Span } from '../core/span.js';

/**
 * A part of the file the IR could not model: unknown Verus syntax, a region tree-sitter could not
 * parse, a token it had to invent. The IR around it is still built; the note says what was skipped.
 */
export interface SkippedNote {
  file: string;
  /** 1-based line and column (Unicode scalar values) of the first skipped character. */
  line: number;
  column: number;
  /** Short machine-readable reason: `unknown-item`, `unparsed-region`, `unrecognized-character`, `missing-token`, `malformed-function`, `malformed-loop`... */
  reason: string;
  /** Human-readable detail, e.g. the first tokens of the skipped text. */
  message: string;
  span: Span;
}
