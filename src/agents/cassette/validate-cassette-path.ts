import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';

/**
 * Checks a `--record` / `--replay` path before a run starts. A cassette is a regular file: recording
 * accepts an existing one (it is appended to) or a new file in an existing directory; replay needs an
 * existing one. Devices (`/dev/null`, `/dev/full`), FIFOs, directories and paths under missing
 * directories would otherwise fail partway through a run, or never finish being read.
 */
export function validateCassettePath(path: string, mode: 'record' | 'replay'): void {
  const fail = (problem: string): never => {
    throw new ConfigurationError(`--${mode} ${path}: ${problem}. Give the path of a .jsonl cassette file${mode === 'record' ? ' in an existing directory, e.g. --record runs/cassette.jsonl' : ' written by --record'}`);
  };
  const stats = statOrNull(path, fail);
  if (stats !== null) {
    if (!stats.isFile()) fail(`not a regular file (${describeFileType(stats)})`);
    if (mode === 'record') checkAccess(path, constants.W_OK, 'the file is not writable', fail);
    else checkAccess(path, constants.R_OK, 'the file is not readable', fail);
    return;
  }
  if (mode === 'replay') fail('no such file');
  const directory = dirname(path);
  const parent = statOrNull(directory, fail);
  if (parent === null) fail(`the directory ${directory} does not exist`);
  else if (!parent.isDirectory()) fail(`${directory} is not a directory`);
  checkAccess(directory, constants.W_OK, `the directory ${directory} is not writable`, fail);
}

function statOrNull(path: string, fail: (problem: string) => never): Stats | null {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a parent is a file; the caller then names the parent that is not a directory.
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    return fail(`cannot inspect it (${code ?? (error as Error).message})`);
  }
}

function checkAccess(path: string, mode: number, problem: string, fail: (problem: string) => never): void {
  try {
    accessSync(path, mode);
  } catch {
    fail(problem);
  }
}

function describeFileType(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}
