import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FILE_NAME } from './config/read-verifier-config.js';

/**
 * The directory that holds verus-repair.toml and `.verus-repair/`: the nearest ancestor of `start`
 * (inclusive) with a verus-repair.toml, else the nearest with `.git`, else `start` itself.
 */
export async function findProjectRoot(start: string): Promise<string> {
  const gitRoot = await findAncestorWith(start, '.git');
  return (await findAncestorWith(start, CONFIG_FILE_NAME)) ?? gitRoot ?? start;
}

/** The nearest ancestor of `start` (inclusive) holding `entry` (a file or directory); null when none does. */
export async function findAncestorWith(start: string, entry: string): Promise<string | null> {
  let current = path.resolve(start);
  for (;;) {
    if (await exists(path.join(current, entry))) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
