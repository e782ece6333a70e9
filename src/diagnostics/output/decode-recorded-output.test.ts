import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/errors.js';
import { decodeRecordedOutput } from './decode-recorded-output.js';
import { findInvalidUtf8 } from './find-invalid-utf8.js';

function decodeError(bytes: number[]): InputError {
  try {
    decodeRecordedOutput(Uint8Array.from(bytes), 'log.txt');
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

const text = (value: string): number[] => [...Buffer.from(value, 'utf8')];

describe('decodeRecordedOutput', () => {
  it('decodes UTF-8 and drops a byte-order mark', () => {
    expect(decodeRecordedOutput(Uint8Array.from([0xef, 0xbb, 0xbf, ...text('é ✘\n')]), 'log.txt')).toBe('é ✘\n');
  });

  it('names file, byte offset, line and column of the first invalid byte', () => {
    const error = decodeError([...text('ok\né✘ab'), 0xff, ...text('c')]);
    expect(error.reason).toBe('non-utf8');
    expect(error.position).toEqual({ file: 'log.txt', line: 2, column: 5 });
    expect(error.message).toBe('log.txt:2:5: not UTF-8: invalid byte 0xff at byte offset 10');
  });

  it('refuses binary data at its first NUL byte', () => {
    const error = decodeError([...text('abc\nde'), 0, 1, 2]);
    expect(error.reason).toBe('binary');
    expect(error.position).toEqual({ file: 'log.txt', line: 2, column: 3 });
  });
});

describe('findInvalidUtf8', () => {
  it.each([
    [[0x61, 0x62], -1],
    [[0xc3, 0xa9], -1],
    [[0xf0, 0x9f, 0x98, 0x80], -1],
    [[0x61, 0x80], 1],
    [[0xc0, 0xaf], 0],
    [[0xe0, 0x80, 0xaf], 0],
    [[0xed, 0xa0, 0x80], 0],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0x61, 0xe2, 0x9c], 1],
    [[0xf5, 0x80, 0x80, 0x80], 0],
  ])('%j → %i', (bytes, offset) => {
    expect(findInvalidUtf8(Uint8Array.from(bytes))).toBe(offset);
  });
});
