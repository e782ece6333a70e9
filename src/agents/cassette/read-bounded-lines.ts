import { closeSync, openSync, readSync } from 'node:fs';
import { InputError } from '../../core/errors.js';

/**
 * The longest cassette line accepted: one exchange holds the whole conversation sent plus the answer
 * (itself capped by model.max_response_bytes), far below this even for long runs.
 */
export const MAX_CASSETTE_LINE_BYTES = 256 * 1024 * 1024;

/** One line of a file, without its `\n`. `terminated` is false only for a last line with no newline. */
export interface BoundedLine {
  bytes: Buffer;
  /** 1-based. */
  number: number;
  terminated: boolean;
}

const CHUNK_BYTES = 1 << 20;

/**
 * Reads a file line by line in fixed-size chunks, never the whole file at once, and fails with an
 * InputError on a line longer than `maxLineBytes` (so a device or a huge non-cassette cannot make us
 * buffer without limit).
 */
export function* readBoundedLines(path: string, maxLineBytes = MAX_CASSETTE_LINE_BYTES): Generator<BoundedLine> {
  const descriptor = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let number = 1;
    for (;;) {
      const read = readSync(descriptor, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      const data = chunk.subarray(0, read);
      let start = 0;
      for (let newline = data.indexOf(10, start); newline !== -1; newline = data.indexOf(10, start)) {
        checkLength(pendingBytes + newline - start, maxLineBytes, path, number);
        yield { bytes: Buffer.concat([...pending, data.subarray(start, newline)]), number, terminated: true };
        pending = [];
        pendingBytes = 0;
        number += 1;
        start = newline + 1;
      }
      pendingBytes += read - start;
      checkLength(pendingBytes, maxLineBytes, path, number);
      pending.push(Buffer.from(data.subarray(start)));
    }
    if (pendingBytes > 0) yield { bytes: Buffer.concat(pending), number, terminated: false };
  } finally {
    closeSync(descriptor);
  }
}

function checkLength(bytes: number, maxLineBytes: number, file: string, line: number): void {
  if (bytes > maxLineBytes) {
    throw new InputError('cassette-line-too-long', `line ${line} is longer than ${maxLineBytes} bytes; this is not a cassette written by verus-repair`, { file, line, column: 1 });
  }
}
