import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Whether `cargo test` has anything to run: a `#[test]` under src/, or .rs files under tests/. */
export async function crateHasTests(crateDir: string): Promise<boolean> {
  if ((await listRustFiles(path.join(crateDir, 'tests'))).length > 0) return true;
  for (const file of await listRustFiles(path.join(crateDir, 'src'))) {
    if (/#\s*\[\s*test\s*\]/.test(await readFile(file, 'utf8'))) return true;
  }
  return false;
}

/** Whether rustdoc has doctests to run: a code fence in a `///` or `//!` doc comment under src/. */
export async function crateHasDoctests(crateDir: string): Promise<boolean> {
  for (const file of await listRustFiles(path.join(crateDir, 'src'))) {
    if (/^[ \t]*\/\/[\/!][ \t]*```/m.test(await readFile(file, 'utf8'))) return true;
  }
  return false;
}

async function listRustFiles(directory: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.rs')).map((entry) => path.join(entry.parentPath, entry.name));
}
