import { z } from 'zod';
import { checkSnapshotPath } from './check-snapshot-path.js';
import { RejectedJobError } from '../jobs/rejected-job-error.js';
import { SNAPSHOT_LIMITS } from './snapshot-limits.js';
import { hashSnapshotFiles, SNAPSHOT_FORMAT, type SnapshotFile, type VerificationSnapshot } from './verification-snapshot.js';

const storedSnapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  files: z.array(z.object({ path: z.string(), content: z.base64() }).strict()).min(1).max(SNAPSHOT_LIMITS.maxFiles),
}).strict();

/**
 * Reads a stored snapshot as untrusted input: schema, size, file names, no file that is also a
 * directory, and contents that hash to the name the job gave. Throws RejectedJobError otherwise.
 */
export function decodeSnapshot(text: string, expectedHash: string): VerificationSnapshot {
  if (text.length > (SNAPSHOT_LIMITS.maxBytes * 4) / 3 + 1024 * 1024) throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)} exceeds ${SNAPSHOT_LIMITS.maxBytes} bytes`);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)} is not JSON`);
  }
  const parsed = storedSnapshotSchema.safeParse(document);
  if (!parsed.success) throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)} is malformed at ${parsed.error.issues[0]?.path.join('.') ?? '?'}`);
  const files: SnapshotFile[] = [];
  let total = 0;
  const names = new Set<string>();
  for (const entry of parsed.data.files) {
    const problem = checkSnapshotPath(entry.path);
    if (problem !== null) throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)}: ${problem}`);
    if (names.has(entry.path)) throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)} lists ${JSON.stringify(entry.path)} twice`);
    names.add(entry.path);
    const bytes = Buffer.from(entry.content, 'base64');
    total += bytes.length;
    if (total > SNAPSHOT_LIMITS.maxBytes) throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)} exceeds ${SNAPSHOT_LIMITS.maxBytes} bytes`);
    files.push({ path: entry.path, bytes });
  }
  for (const name of names) {
    const segments = name.split('/');
    for (let depth = 1; depth < segments.length; depth += 1) {
      if (names.has(segments.slice(0, depth).join('/'))) throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)}: ${JSON.stringify(segments.slice(0, depth).join('/'))} is both a file and a directory`);
    }
  }
  if (hashSnapshotFiles(files) !== expectedHash) throw new RejectedJobError(`snapshot ${expectedHash.slice(0, 12)} does not match its hash`);
  return { hash: expectedHash, files };
}
