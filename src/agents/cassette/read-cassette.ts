import { readFileSync } from 'node:fs';
import { InputError } from '../../core/errors.js';
import { cassetteEntrySchema, type CassetteEntry } from './cassette-entry.js';
import { digestRequest } from './request-digest.js';

/** A cassette's entries with the line each came from. */
export interface LoadedCassette {
  path: string;
  entries: Array<{ line: number; entry: CassetteEntry }>;
  /** E.g. an incomplete last line left by a crash while recording; it is ignored. */
  warnings: string[];
}

/**
 * Reads a JSONL cassette. Every complete line must be a valid entry whose digest matches its request
 * (a hand-edited request would otherwise replay the wrong answer); problems are InputErrors naming the
 * file and line. Only an unterminated last line is tolerated, with a warning.
 */
export function readCassette(path: string): LoadedCassette {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new InputError('unreadable', `cannot read cassette: ${(error as Error).message.split('\n')[0]}`, { file: path, line: 1, column: 1 });
  }
  const text = decodeUtf8(bytes, path);
  const lines = text.split('\n');
  const warnings: string[] = [];
  const last = lines.pop() ?? '';
  if (last.trim() !== '') warnings.push(`${path}:${lines.length + 1}: incomplete last line ignored (recording was interrupted)`);
  const entries = lines.flatMap((raw, index) => (raw.trim() === '' ? [] : [{ line: index + 1, entry: parseEntry(raw, path, index + 1) }]));
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

function decodeUtf8(bytes: Buffer, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const valid = bytes.subarray(0, firstInvalidUtf8Offset(bytes)).toString('utf8');
    const lines = valid.split('\n');
    throw new InputError('non-utf8', 'the cassette is not valid UTF-8', { file, line: lines.length, column: [...(lines.at(-1) ?? '')].length + 1 });
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
