import { describe, expect, it } from 'vitest';
import { SourceText } from './source-text.js';
import { rustcPosition } from '../testing/parse-snippet.js';

describe('SourceText', () => {
  const text = '// é ✓ 😀\nlet s = "😀é"; x\r\n  y\n';

  it('converts UTF-16 indices to UTF-8 bytes and rustc columns on non-ASCII lines', () => {
    const source = new SourceText(text);
    const x = text.indexOf('x');
    expect(source.byteOffsetAt(x)).toBe(Buffer.byteLength(text.slice(0, x)));
    expect(source.lineIndexAt(x)).toBe(1);
    // `let s = "😀é"; x`: the emoji is two UTF-16 units, four bytes and one column.
    expect(source.columnAt(x)).toBe([...'let s = "😀é"; '].length + 1);
    expect(rustcPosition(text, source.byteOffsetAt(x))).toEqual({ line: 2, column: source.columnAt(x) });
  });

  it('gives every index the coordinates computed independently from the bytes', () => {
    const source = new SourceText(text);
    for (let index = 0; index <= text.length; index++) {
      if (index > 0 && /[\udc00-\udfff]/.test(text[index] ?? '')) continue;
      const span = source.spanOf(index, index);
      expect(rustcPosition(text, span.byteStart)).toEqual({ line: span.lineStart, column: span.columnStart });
      expect(source.indexAtByteOffset(span.byteStart)).toBe(index);
      expect(source.indexAtLineColumn(span.lineStart, span.columnStart)).toBe(index);
    }
  });

  it('splits lines on \\n only and keeps \\r in the line, like rustc', () => {
    const source = new SourceText(text);
    const y = text.indexOf('y');
    expect(source.lineIndexAt(y)).toBe(2);
    expect(source.columnAt(y)).toBe(3);
    expect(source.lineCount).toBe(4);
  });

  it('counts a byte order mark as 3 bytes but no column', () => {
    const source = new SourceText('\ufeffab\ncd');
    expect(source.byteOffsetAt(1)).toBe(3);
    expect(source.columnAt(1)).toBe(1);
    expect(source.columnAt(2)).toBe(2);
    expect(source.indexAtLineColumn(1, 1)).toBe(1);
    expect(source.byteLength).toBe(8);
  });

  it('rounds a byte offset inside a multi-byte character down to the character', () => {
    const source = new SourceText('a😀b');
    expect(source.indexAtByteOffset(2)).toBe(1);
    expect(source.indexAtByteOffset(5)).toBe(3);
    expect(source.sliceBytes(1, 5)).toBe('😀');
  });

  it('clamps line/column lookups to the line', () => {
    const source = new SourceText('ab\ncd\n');
    expect(source.indexAtLineColumn(1, 99)).toBe(2);
    expect(source.indexAtLineColumn(99, 1)).toBe(6);
  });
});
