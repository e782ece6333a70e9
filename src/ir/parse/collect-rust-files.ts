import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../core/errors.js';

/**
 * Expands command-line paths into Rust files: a file is taken as is, a directory is searched
 * recursively for `*.rs`, skipping `target/` and hidden directories. Results are sorted per directory
 * so output is stable. A path that does not exist is an InputError (`missing-path`).
 */
export async function collectRustFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info === null) throw new InputError('missing-path', 'no such file or directory', { file: path, line: 1, column: 1 });
    if (info.isDirectory()) await walk(path, files);
    else files.push(path);
  }
  return files;
}

async function walk(directory: string, files: string[]): Promise<void> {
  const entries = (await readdir(directory, { withFileTypes: true })).sort((left, right) => left.name.localeCompare(right.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'target') await walk(path, files);
    } else if (entry.isFile() && entry.name.endsWith('.rs')) {
      files.push(path);
    }
  }
}
