import { closeSync, fstatSync, readSync } from 'node:fs';
import { NotARegularFileError, openRegularFile } from './open-regular-file.js';

/** One file named in a zip's central directory (PKWARE APPNOTE 4.3.12). */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate; anything else is not read. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** Why a file is not a readable zip; the caller words the user-facing error. */
export class NotAZipError extends Error {
  override readonly name = 'NotAZipError';
}

const END_RECORD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_RECORD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65535 bytes. */
const MAX_TAIL = 22 + 0xffff;
/** A release zip names a few hundred files; a directory this large is not one. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

/**
 * Lists a zip's files by reading only its tail and its central directory, never the whole archive
 * (release zips are about 100 MB). Understands zip64 end records. Throws NotAZipError, also for a
 * device or FIFO (never read: /dev/zero has no end, a FIFO no tail).
 */
export function readZipDirectory(file: string): ZipEntry[] {
  let descriptor: number;
  try {
    descriptor = openRegularFile(file);
  } catch (error) {
    if (error instanceof NotARegularFileError) throw new NotAZipError('not a regular file');
    throw error;
  }
  try {
    const size = fstatSync(descriptor).size;
    if (size === 0) throw new NotAZipError('the file is empty');
    const tailLength = Math.min(size, MAX_TAIL);
    const tail = readAt(descriptor, size - tailLength, tailLength);
    let end = -1;
    for (let position = tail.length - 22; position >= 0; position -= 1) {
      if (tail.readUInt32LE(position) === END_RECORD) {
        end = position;
        break;
      }
    }
    if (end < 0) throw new NotAZipError('no end-of-central-directory record');
    let count = tail.readUInt16LE(end + 10);
    let directorySize = tail.readUInt32LE(end + 12);
    let directoryOffset = tail.readUInt32LE(end + 16);
    if ((count === 0xffff || directoryOffset === 0xffffffff) && end >= 20 && tail.readUInt32LE(end - 20) === ZIP64_LOCATOR) {
      const record = readAt(descriptor, Number(tail.readBigUInt64LE(end - 20 + 8)), 56);
      if (record.readUInt32LE(0) !== ZIP64_END_RECORD) throw new NotAZipError('a damaged zip64 end record');
      count = Number(record.readBigUInt64LE(32));
      directorySize = Number(record.readBigUInt64LE(40));
      directoryOffset = Number(record.readBigUInt64LE(48));
    }
    if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) throw new NotAZipError('a central directory outside the file');
    return parseDirectory(readAt(descriptor, directoryOffset, directorySize), count);
  } finally {
    closeSync(descriptor);
  }
}

function parseDirectory(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let position = 0;
  for (let index = 0; index < count; index += 1) {
    if (position + 46 > directory.length || directory.readUInt32LE(position) !== CENTRAL_HEADER) throw new NotAZipError('a damaged central directory');
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    const entry: ZipEntry = {
      name: directory.subarray(position + 46, position + 46 + nameLength).toString('utf8'),
      method: directory.readUInt16LE(position + 10),
      compressedSize: directory.readUInt32LE(position + 20),
      uncompressedSize: directory.readUInt32LE(position + 24),
      localHeaderOffset: directory.readUInt32LE(position + 42),
    };
    applyZip64Extra(entry, directory.subarray(position + 46 + nameLength, position + 46 + nameLength + extraLength));
    entries.push(entry);
    position += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offsets that do not fit 32 bits are 0xffffffff, with the real values in extra field 0x0001. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let position = 0; position + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(position);
    const length = extra.readUInt16LE(position + 2);
    if (id === 0x0001) {
      let field = position + 4;
      for (const key of ['uncompressedSize', 'compressedSize', 'localHeaderOffset'] as const) {
        if (entry[key] === 0xffffffff && field + 8 <= position + 4 + length) {
          entry[key] = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
      }
    }
    position += 4 + length;
  }
}

/** Reads exactly `length` bytes at `offset`, or fails as a truncated zip. */
export function readAt(descriptor: number, offset: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const read = readSync(descriptor, buffer, filled, length - filled, offset + filled);
    if (read === 0) throw new NotAZipError('the file ends early (truncated download?)');
    filled += read;
  }
  return buffer;
}
