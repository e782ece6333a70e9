import { InputError } from '../../core/errors.js';
import { findInvalidUtf8 } from './find-invalid-utf8.js';

/**
 * Turns the bytes of a recorded verifier output into text. Refuses binary data (a NUL byte) and
 * bytes that are not UTF-8, naming the file, the byte offset and its line and column, because a
 * parse of such input would silently report nothing.
 */
export function decodeRecordedOutput(bytes: Uint8Array, file: string): string {
  const nul = bytes.indexOf(0);
  const invalid = findInvalidUtf8(nul === -1 ? bytes : bytes.subarray(0, nul));
  if (invalid !== -1) {
    throw new InputError('non-utf8', `not UTF-8: invalid byte 0x${(bytes[invalid] ?? 0).toString(16).padStart(2, '0')} at byte offset ${invalid}`, positionOf(bytes, invalid, file));
  }
  if (nul !== -1) throw new InputError('binary', `binary data, not recorded verifier output: NUL byte at byte offset ${nul}`, positionOf(bytes, nul, file));
  const text = new TextDecoder('utf-8').decode(bytes);
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Line and column (in Unicode scalar values, as rustc counts) of a byte offset. */
function positionOf(bytes: Uint8Array, offset: number, file: string): { file: string; line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let index = 0; index < offset; index += 1) {
    const byte = bytes[index] ?? 0;
    if (byte === 0x0a) {
      line += 1;
      column = 1;
    } else if ((byte & 0xc0) !== 0x80) {
      column += 1;
    }
  }
  return { file, line, column };
}
