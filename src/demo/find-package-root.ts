import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The verus-repair checkout or install (the directory with our package.json), from src/ or dist/. */
export function findPackageRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let directory = from;
  for (;;) {
    if (existsSync(path.join(directory, 'package.json')) && existsSync(path.join(directory, 'prompts'))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('cannot find the verus-repair package root');
    directory = parent;
  }
}
