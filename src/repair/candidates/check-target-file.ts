import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { parseVerusFile } from '../../ir/index.js';

/**
 * Checks the file to repair before anything is created: it lies inside the crate, is a regular file,
 * and parses as Verus (an InputError with its position otherwise). Returns it relative to the crate,
 * with forward slashes. `requested` is the `--file` text when the user named it, for the messages.
 */
export async function checkTargetFile(crateDir: string, file: string, requested: string | null): Promise<string> {
  const named = requested === null ? file : `--file ${requested}`;
  const absolute = path.resolve(crateDir, file);
  const relative = path.relative(crateDir, absolute);
  if (relative.split(path.sep)[0] === '..' || path.isAbsolute(relative)) {
    throw new ConfigurationError(`${named}: outside the crate ${crateDir}; name a file under it, e.g. --file src/lib.rs`);
  }
  const found = await stat(absolute).catch((error: NodeJS.ErrnoException) => error);
  if (found instanceof Error) {
    throw new ConfigurationError(found.code === 'ENOENT' ? `${named}: no such file in ${crateDir}` : `${named}: cannot read it (${found.code ?? found.message})`);
  }
  if (found.isDirectory()) throw new ConfigurationError(`${named}: is a directory, expected a .rs file, e.g. --file src/lib.rs`);
  if (!found.isFile()) throw new ConfigurationError(`${named}: not a regular file`);
  const portable = relative.split(path.sep).join('/');
  await parseVerusFile(absolute, { file: portable });
  return portable;
}
