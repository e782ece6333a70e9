import type { Span } from '../../core/span.js';

const BYTE_ORDER_MARK = 0xfeff;

/**
 * A file's text plus the index that converts between the three coordinate systems in play:
 * UTF-16 code unit indices (JavaScript strings, tree-sitter in JS), UTF-8 byte offsets and 1-based
 * line/column with columns in Unicode scalar values (rustc's JSON). Lines are split on `\n` only, as
 * rustc does; a UTF-8 byte order mark counts 3 bytes but no column, as in rustc.
 */
export class SourceText {
  readonly text: string;
  readonly isAscii: boolean;
  /** UTF-16 index of the first character of each line. */
  private readonly lineStarts: Int32Array;
  /** UTF-8 byte offset of the first character of each line. */
  private readonly lineByteStarts: Int32Array;
  /** 1 when the line holds only ASCII, so that offsets within it convert by subtraction. */
  private readonly lineIsAscii: Uint8Array;
  private readonly hasByteOrderMark: boolean;
  private lastLine = 0;

  constructor(text: string) {
    this.text = text;
    // eslint-disable-next-line no-control-regex
    this.isAscii = !/[^\u0000-\u007f]/.test(text);
    this.hasByteOrderMark = text.charCodeAt(0) === BYTE_ORDER_MARK;
    let lines = 1;
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
    const starts = new Int32Array(lines);
    let line = 1;
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts[line++] = index + 1;
    this.lineStarts = starts;
    this.lineByteStarts = new Int32Array(lines);
    this.lineIsAscii = new Uint8Array(lines).fill(1);
    if (!this.isAscii) this.indexNonAsciiLines();
    else this.lineByteStarts.set(this.lineStarts);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  get byteLength(): number {
    return this.byteOffsetAt(this.text.length);
  }

  /** 0-based line containing the UTF-16 index (an index at a line's `\n` belongs to that line). */
  lineIndexAt(index: number): number {
    const starts = this.lineStarts;
    // Spans are requested mostly near each other: look around the previous answer before searching.
    const hint = this.lastLine;
    if ((starts[hint] ?? 0) <= index) {
      for (let line = hint; line < hint + 4; line++) {
        const next = starts[line + 1];
        if (next === undefined || index < next) return (this.lastLine = line);
      }
    } else {
      for (let line = hint - 1; line >= 0 && line > hint - 4; line--) {
        if ((starts[line] ?? 0) <= index) return (this.lastLine = line);
      }
    }
    return (this.lastLine = this.searchLine(index));
  }

  private searchLine(index: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  byteOffsetAt(index: number): number {
    return this.byteOffsetInLine(this.lineIndexAt(index), index);
  }

  /** 1-based column in Unicode scalar values of the UTF-16 index. */
  columnAt(index: number): number {
    return this.columnInLine(this.lineIndexAt(index), index);
  }

  /** The span of the UTF-16 range [start, end). */
  spanOf(start: number, end: number): Span {
    const startLine = this.lineIndexAt(start);
    const starts = this.lineStarts;
    let endLine = startLine;
    while (endLine - startLine < 8 && (starts[endLine + 1] ?? Number.MAX_SAFE_INTEGER) <= end) endLine++;
    if (endLine - startLine === 8) endLine = this.searchLine(end);
    return {
      byteStart: this.byteOffsetInLine(startLine, start),
      byteEnd: this.byteOffsetInLine(endLine, end),
      lineStart: startLine + 1,
      columnStart: this.columnInLine(startLine, start),
      lineEnd: endLine + 1,
      columnEnd: this.columnInLine(endLine, end),
    };
  }

  private byteOffsetInLine(line: number, index: number): number {
    const lineStart = this.lineStarts[line] ?? 0;
    const lineByteStart = this.lineByteStarts[line] ?? 0;
    if (this.lineIsAscii[line] === 1) return lineByteStart + (index - lineStart);
    return lineByteStart + utf8Length(this.text, lineStart, index);
  }

  private columnInLine(line: number, index: number): number {
    const lineStart = this.lineStarts[line] ?? 0;
    if (this.lineIsAscii[line] === 1) return index - lineStart + 1;
    const skip = line === 0 && this.hasByteOrderMark && index > 0 ? 1 : 0;
    return countScalarValues(this.text, lineStart, index) - skip + 1;
  }

  /** UTF-16 index of a UTF-8 byte offset; offsets inside a multi-byte character round down to it. */
  indexAtByteOffset(byteOffset: number): number {
    const clamped = Math.max(0, Math.min(byteOffset, this.byteLength));
    const byteStarts = this.lineByteStarts;
    let low = 0;
    let high = byteStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((byteStarts[middle] ?? 0) <= clamped) low = middle;
      else high = middle - 1;
    }
    const lineStart = this.lineStarts[low] ?? 0;
    let remaining = clamped - (byteStarts[low] ?? 0);
    if (this.lineIsAscii[low] === 1) return lineStart + remaining;
    let index = lineStart;
    while (remaining > 0 && index < this.text.length) {
      const width = utf8Width(this.text, index);
      if (width.bytes > remaining) break;
      remaining -= width.bytes;
      index += width.units;
    }
    return index;
  }

  /** UTF-16 index of a 1-based line and column (columns in Unicode scalar values), clamped to the line. */
  indexAtLineColumn(line: number, column: number): number {
    const lineIndex = Math.max(0, Math.min(line - 1, this.lineStarts.length - 1));
    const lineStart = this.lineStarts[lineIndex] ?? 0;
    const lineEnd = lineIndex + 1 < this.lineStarts.length ? (this.lineStarts[lineIndex + 1] ?? 0) - 1 : this.text.length;
    let index = lineStart + (lineIndex === 0 && this.hasByteOrderMark ? 1 : 0);
    for (let remaining = column - 1; remaining > 0 && index < lineEnd; remaining--) index += utf8Width(this.text, index).units;
    return Math.min(index, lineEnd);
  }

  /** The text of a UTF-8 byte range. */
  sliceBytes(byteStart: number, byteEnd: number): string {
    return this.text.slice(this.indexAtByteOffset(byteStart), this.indexAtByteOffset(byteEnd));
  }

  /** Visits only the non-ASCII characters: a large file is mostly ASCII even when a few comments are not. */
  private indexNonAsciiLines(): void {
    const text = this.text;
    const starts = this.lineStarts;
    const nonAscii = /[^\u0000-\u007f]/g;
    let extraBytes = 0;
    let line = 0;
    for (let match = nonAscii.exec(text); match !== null; match = nonAscii.exec(text)) {
      const index = match.index;
      while (line + 1 < starts.length && (starts[line + 1] ?? 0) <= index) {
        line++;
        this.lineByteStarts[line] = (starts[line] ?? 0) + extraBytes;
      }
      this.lineIsAscii[line] = 0;
      const code = text.charCodeAt(index);
      // UTF-16 units become 2 or 3 bytes; a surrogate pair (2 units) becomes 4 bytes.
      extraBytes += code < 0x800 ? 1 : code >= 0xd800 && code <= 0xdfff ? 1 : 2;
    }
    for (line++; line < starts.length; line++) this.lineByteStarts[line] = (starts[line] ?? 0) + extraBytes;
  }
}

function utf8Width(text: string, index: number): { bytes: number; units: number } {
  const code = text.charCodeAt(index);
  if (code < 0x80) return { bytes: 1, units: 1 };
  if (code < 0x800) return { bytes: 2, units: 1 };
  if (code >= 0xd800 && code <= 0xdbff) return { bytes: 4, units: 2 };
  return { bytes: 3, units: 1 };
}

function utf8Length(text: string, from: number, to: number): number {
  let bytes = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : code >= 0xdc00 && code <= 0xdfff ? 0 : 3;
  }
  return bytes;
}

function countScalarValues(text: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}
