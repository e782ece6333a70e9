import { InputError } from '../../core/errors.js';
import { cassetteEntrySchema, type CassetteEntry } from './cassette-entry.js';
import { readBoundedLines } from './read-bounded-lines.js';
import { digestRequest } from './request-digest.js';

/** A cassette's entries with the line each came from. */
export interface LoadedCassette {
  path: string;
  entries: Array<{ line: number; entry: CassetteEntry }>;
  /** E.g. an incomplete last line left by a crash while recording; it is ignored. */
  warnings: string[];
}

/**
 * Reads a JSONL cassette line by line (never the whole file at once; each line is bounded). Every
 * complete line must be a valid entry whose digest matches its request (a hand-edited request would
 * otherwise replay the wrong answer); problems are InputErrors naming the file and line. Only an
 * unterminated last line is tolerated, with a warning.
 */
export function readCassette(path: string, options: { maxLineBytes?: number } = {}): LoadedCassette {
  const warnings: string[] = [];
  const entries: LoadedCassette['entries'] = [];
  try {
    for (const line of readBoundedLines(path, options.maxLineBytes)) {
      if (!line.terminated) {
        if (line.bytes.toString('utf8').trim() !== '') warnings.push(`${path}:${line.number}: incomplete last line ignored (recording was interrupted)`);
        continue;
      }
      const text = decodeUtf8(line.bytes, path, line.number);
      if (text.trim() !== '') entries.push({ line: line.number, entry: parseEntry(text, path, line.number) });
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError('unreadable', `cannot read cassette: ${(error as Error).message.split('\n')[0]}`, { file: path, line: 1, column: 1 });
  }
  return { path, entries, warnings };
}

function parseEntry(raw: string, file: string, line: number): CassetteEntry {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new InputError('malformed-cassette', `not a JSON line (${(error as Error).message})`, { file, line, column: 1 });
  }
  const parsed = cassetteEntrySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError('malformed-cassette', `not a cassette entry: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`, { file, line, column: 1 });
  }
  if (digestRequest(parsed.data.request) !== parsed.data.digest) {
    throw new InputError('cassette-digest-mismatch', `the digest does not match the recorded request (was the line edited?)`, { file, line, column: 1 });
  }
  return parsed.data;
}

function decodeUtf8(bytes: Buffer, file: string, line: number): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const valid = bytes.subarray(0, firstInvalidUtf8Offset(bytes)).toString('utf8');
    throw new InputError('non-utf8', 'the cassette is not valid UTF-8', { file, line, column: [...valid].length + 1 });
  }
}

function firstInvalidUtf8Offset(bytes: Buffer): number {
  let low = 0;
  let high = bytes.length;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    try {
      decoder.decode(bytes.subarray(0, middle));
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  return low;
}
