import { InputError } from '../../core/errors.js';

/**
 * Files larger than this are refused (`file-too-large`) before parsing. The largest Verus sources
 * in the wild are well under 1 MiB; tree-sitter's WASM runtime aborts (out of memory) on dense
 * files of about 8 MiB and takes half a minute and 2.4 GB on 4 MiB of one-token statements, so the
 * limit sits there, where a parse still succeeds.
 */
export const MAXIMUM_SOURCE_BYTES = 4 * 1024 * 1024;

/** The user-facing sentence for a file over the limit. */
export function describeOversizedSource(size: number | null): string {
  const limit = `${MAXIMUM_SOURCE_BYTES / (1024 * 1024)} MiB (${MAXIMUM_SOURCE_BYTES} bytes)`;
  return `${size === null ? 'the file is' : `the file is ${size} bytes,`} over verus-repair's ${limit} limit for one source file; split the module into smaller files`;
}

/**
 * Decodes a source file as strict UTF-8, keeping a byte order mark in the text so that printing gives
 * the bytes back. Invalid bytes are an InputError (`non-utf8`) at the first invalid byte's line and
 * column; oversized files are `file-too-large`.
 */
export function decodeSourceBytes(bytes: Uint8Array, file: string): string {
  if (bytes.length > MAXIMUM_SOURCE_BYTES) {
    throw new InputError('file-too-large', describeOversizedSource(bytes.length), { file, line: 1, column: 1 });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const offset = findFirstInvalidByte(bytes);
    const { line, column } = locateByte(bytes, offset);
    const value = (bytes[offset] ?? 0).toString(16).padStart(2, '0');
    throw new InputError('non-utf8', `invalid UTF-8 byte 0x${value} at byte offset ${offset}`, { file, line, column });
  }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
export function findFirstInvalidByte(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const first = bytes[index] ?? 0;
    const length = first < 0x80 ? 1 : first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 : first >= 0xf0 && first <= 0xf4 ? 4 : 0;
    if (length === 0 || index + length > bytes.length) return index;
    const second = bytes[index + 1] ?? 0;
    if (length >= 2) {
      const low = first === 0xe0 ? 0xa0 : first === 0xf0 ? 0x90 : 0x80;
      const high = first === 0xed ? 0x9f : first === 0xf4 ? 0x8f : 0xbf;
      if (second < low || second > high) return index;
    }
    for (let continuation = 2; continuation < length; continuation++) {
      const byte = bytes[index + continuation] ?? 0;
      if (byte < 0x80 || byte > 0xbf) return index;
    }
    index += length;
  }
  return bytes.length;
}

/** 1-based line and column (Unicode scalar values) of a byte offset in bytes that are valid UTF-8 before it. */
function locateByte(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset; index++) {
    if (bytes[index] === 0x0a) {
      line++;
      lineStart = index + 1;
    }
  }
  let column = 1;
  for (let index = lineStart; index < offset; index++) {
    if (((bytes[index] ?? 0) & 0xc0) !== 0x80) column++;
  }
  return { line, column };
}
