import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { isScratchPackageName } from './isolate-scratch-package.js';

/** Whether the crate at `crateDir` is a copy verus-repair wrote itself: its package has the name isolateScratchPackage gives. */
export async function isScratchCrate(crateDir: string): Promise<boolean> {
  try {
    const manifest = parse(await readFile(path.join(crateDir, 'Cargo.toml'), 'utf8')) as { package?: { name?: unknown } };
    return typeof manifest.package?.name === 'string' && isScratchPackageName(manifest.package.name);
  } catch {
    return false;
  }
}
