import { readFile, stat } from 'node:fs/promises';
import { InputError } from '../../core/errors.js';
import { decodeRecordedOutput } from './decode-recorded-output.js';

/**
 * Reads recorded verifier output from a file, or from stdin for `-` or no file. Refuses a terminal
 * as stdin rather than waiting for typed input nobody meant to give.
 */
export async function readRecordedOutput(
  file: string | undefined,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean },
): Promise<{ name: string; text: string }> {
  if (file === undefined || file === '-') {
    if (stdin.isTTY === true) {
      throw new InputError('no-input', 'no input: give a FILE, or pipe recorded output into `verus-repair diagnostics -`', { file: '<stdin>', line: 1, column: 1 });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
    return { name: '<stdin>', text: decodeRecordedOutput(Buffer.concat(chunks), '<stdin>') };
  }
  const where = { file, line: 1, column: 1 };
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new InputError(error.code === 'ENOENT' ? 'missing-file' : 'unreadable', `cannot read recorded output: ${error.code ?? error.message}`, where);
  });
  if (info.isDirectory()) throw new InputError('is-directory', 'is a directory, expected a file of recorded verifier output', where);
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new InputError('unreadable', `cannot read recorded output: ${error.code ?? error.message}`, where);
  });
  return { name: file, text: decodeRecordedOutput(bytes, file) };
}
