import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import { decodeSourceBytes, findFirstInvalidByte, MAXIMUM_SOURCE_BYTES } from './decode-source-bytes.js';

function decodeError(bytes: Uint8Array): InputError {
  try {
    decodeSourceBytes(bytes, 'bad.rs');
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('decodeSourceBytes', () => {
  it('reports the line and column of the first invalid byte', () => {
    const bytes = Buffer.concat([Buffer.from('fn a() {}\n// é ✓ '), Buffer.from([0xff]), Buffer.from(' rest')]);
    const error = decodeError(bytes);
    expect(error.reason).toBe('non-utf8');
    expect(error.position).toEqual({ file: 'bad.rs', line: 2, column: 8 });
    expect(error.message).toContain('0xff');
  });

  it.each([
    ['truncated sequence at the end', [0x61, 0xe2, 0x9c], 1],
    ['overlong encoding', [0x61, 0x62, 0xc0, 0xaf], 2],
    ['encoded surrogate', [0xed, 0xa0, 0x80], 0],
    ['code point above U+10FFFF', [0x61, 0xf4, 0x90, 0x80, 0x80], 1],
    ['stray continuation byte', [0x61, 0x80], 1],
  ])('finds the first invalid byte of a %s', (_name, bytes, offset) => {
    expect(findFirstInvalidByte(Uint8Array.from(bytes))).toBe(offset);
    expect(decodeError(Uint8Array.from(bytes)).reason).toBe('non-utf8');
  });

  it('accepts valid UTF-8 including astral characters and keeps a byte order mark', () => {
    const text = '\ufeffverus! { fn f() { let s = "😀"; } }';
    expect(decodeSourceBytes(Buffer.from(text, 'utf8'), 'ok.rs')).toBe(text);
    expect(findFirstInvalidByte(Buffer.from(text, 'utf8'))).toBe(Buffer.byteLength(text));
  });

  it('refuses files over the size ceiling', () => {
    const error = decodeError(new Uint8Array(MAXIMUM_SOURCE_BYTES + 1));
    expect(error.reason).toBe('file-too-large');
  });
});
