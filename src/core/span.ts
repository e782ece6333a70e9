/**
 * A source span exactly as rustc reports it in its JSON diagnostics: byte offsets are UTF-8 bytes,
 * `byteEnd` is exclusive; lines and columns are 1-based, columns count Unicode scalar values, and
 * `columnEnd` is exclusive (one past the last character), like rustc's `column_end`.
 */
export interface Span {
  byteStart: number;
  byteEnd: number;
  lineStart: number;
  columnStart: number;
  lineEnd: number;
  columnEnd: number;
}

/** A span together with the exact source text it covers. */
export interface SpannedText {
  text: string;
  span: Span;
}

export function spanContains(outer: Span, inner: Pick<Span, 'byteStart' | 'byteEnd'>): boolean {
  return outer.byteStart <= inner.byteStart && inner.byteEnd <= outer.byteEnd;
}

export function spanLength(span: Span): number {
  return span.byteEnd - span.byteStart;
}
