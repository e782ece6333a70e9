import { closeSync, openSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { NotAZipError, readAt, type ZipEntry } from './read-zip-directory.js';

const LOCAL_HEADER = 0x04034b50;

/**
 * The text of one small zip entry (stored or deflated), read through its local header. Refuses an
 * entry larger than `maxBytes`, compressed or not, so a crafted zip cannot inflate without limit.
 */
export function readZipEntryText(file: string, entry: ZipEntry, maxBytes: number): string {
  if (entry.compressedSize > maxBytes || entry.uncompressedSize > maxBytes) throw new NotAZipError(`${entry.name} is larger than ${maxBytes} bytes`);
  const descriptor = openSync(file, 'r');
  try {
    const header = readAt(descriptor, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new NotAZipError(`a damaged local header for ${entry.name}`);
    const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const data = readAt(descriptor, start, entry.compressedSize);
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method === 8) {
      try {
        return inflateRawSync(data, { maxOutputLength: maxBytes }).toString('utf8');
      } catch (error) {
        throw new NotAZipError(`${entry.name} does not inflate (${(error as Error).message})`);
      }
    }
    throw new NotAZipError(`${entry.name} uses compression method ${entry.method}, which verus-repair does not read`);
  } finally {
    closeSync(descriptor);
  }
}
