import { appendFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { AdapterError } from '../../core/errors.js';

/**
 * Writes one file of the bench directory. A write that fails after the checks (a full disk, a file
 * replaced by a link to /dev/full, a revoked permission) is an AdapterError naming the file, never a
 * bare ENOSPC with a stack trace (a bench's finished attempts stay in attempts.jsonl for --resume).
 */
export async function writeBenchFile(file: string, text: string): Promise<void> {
  await writeFile(file, text).catch((error: NodeJS.ErrnoException) => {
    throw new AdapterError(`cannot write ${file}: ${error.code ?? error.message}${describeErrno(error.code)}`, { cause: error });
  });
}

/** appendFileSync with the same error as writeBenchFile (attempts.jsonl takes whole flushed lines). */
export function appendBenchLine(file: string, line: string): void {
  try {
    appendFileSync(file, line, { flush: true });
  } catch (error) {
    const errno = error as NodeJS.ErrnoException;
    throw new AdapterError(`cannot write ${file}: ${errno.code ?? errno.message}${describeErrno(errno.code)}`, { cause: error });
  }
}

function describeErrno(code: string | undefined): string {
  if (code === 'ENOSPC') return ' (no space left on the device)';
  if (code === 'EACCES' || code === 'EPERM') return ' (permission denied)';
  if (code === 'EROFS') return ' (read-only file system)';
  return '';
}
