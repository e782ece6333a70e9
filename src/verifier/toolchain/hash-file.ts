import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** sha256 (hex) of a file, streamed so that a large release zip is never held in memory. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
