import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { McpToolError } from './mcp-tool-error.js';

/** A path an agent named, once confined: absolute (symlinks resolved) and repository-relative with forward slashes. */
export interface ConfinedPath {
  absolute: string;
  relative: string;
}

/**
 * Resolves a path an agent gave (relative to the repository root, or absolute inside it) and refuses
 * it when it leads out of the root: `..` past the root, an absolute path elsewhere, or a symlink
 * (anywhere along the path) whose target is outside. The refusal names only what the agent sent,
 * never anything of the file. `root` must itself be a resolved real path.
 */
export async function confineRepoPath(root: string, given: string, what = 'path'): Promise<ConfinedPath> {
  if (given.includes('\0')) throw new McpToolError(`${what} ${JSON.stringify(given)}: not a path`);
  const lexical = path.resolve(root, given);
  if (!isInside(root, lexical)) throw new McpToolError(`${what} ${JSON.stringify(given)} is outside the repository ${root}; name a path inside it`);
  let real: string;
  try {
    real = await realpath(lexical);
  } catch {
    throw new McpToolError(`${what} ${JSON.stringify(given)}: no such file or directory in the repository`);
  }
  if (!isInside(root, real)) throw new McpToolError(`${what} ${JSON.stringify(given)} leads outside the repository (a symlink); refused`);
  return { absolute: real, relative: path.relative(root, real).split(path.sep).join('/') };
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}
