import { readFile, stat } from 'node:fs/promises';
import { ConfigurationError } from '../../core/errors.js';
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
      // A usage mistake, not a problem at a position of some input: there is no input yet.
      throw new ConfigurationError('diagnostics: no input (stdin is a terminal): give a FILE, or pipe recorded output into `verus-repair diagnostics -`');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
    return { name: '<stdin>', text: decodeRecordedOutput(Buffer.concat(chunks), '<stdin>') };
  }
  // Errors about the path argument name the path alone: a made-up line 1, column 1 would point into a file that is not there.
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new ConfigurationError(`${file}: cannot read recorded output: ${error.code === 'ENOENT' ? 'no such file' : (error.code ?? error.message)}`);
  });
  if (info.isDirectory()) throw new ConfigurationError(`${file}: is a directory, expected a file of recorded verifier output`);
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new ConfigurationError(`${file}: cannot read recorded output: ${error.code ?? error.message}`);
  });
  return { name: file, text: decodeRecordedOutput(bytes, file) };
}
