import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { openRegularFile } from './open-regular-file.js';

/**
 * sha256 (hex) of a file, streamed so that a large release zip is never held in memory. Only a regular
 * file is read (NotARegularFileError otherwise): hashing /dev/zero or a FIFO would never finish.
 */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream('', { fd: openRegularFile(file) })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
