import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';

/** `directory` relative to the repository's top, with `/` separators ('' for the top itself). */
export function toRepositoryPath(top: string, directory: string): string {
  const relative = path.relative(top, path.resolve(directory)).split(path.sep).join('/');
  return relative === '.' ? '' : relative;
}

/** Where the crate sits in its git repository (`crates/core`, '' at the top), or null outside git. */
export async function readCrateRepositoryPath(crateDir: string): Promise<{ top: string; prefix: string } | null> {
  const top = await execa('git', ['rev-parse', '--show-toplevel'], { cwd: crateDir, reject: false });
  if (top.exitCode !== 0) return null;
  return { top: top.stdout.trim(), prefix: toRepositoryPath(top.stdout.trim(), await realpath(crateDir)) };
}
