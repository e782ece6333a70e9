import path from 'node:path';
import { execa } from 'execa';
import { ConfigurationError } from '../core/errors.js';

/**
 * The text of `file` (crate-relative) as it was at git revision `ref`, or null when it did not exist
 * there. A ref git does not know is bad input naming the ref.
 */
export async function readFileAtRef(crateDir: string, ref: string, file: string): Promise<string | null> {
  const top = await execa('git', ['rev-parse', '--show-toplevel'], { cwd: crateDir, reject: false });
  if (top.exitCode !== 0) throw new ConfigurationError(`--against needs the crate inside a git repository; ${crateDir} is in none`);
  const resolved = await execa('git', ['rev-parse', '--verify', '-q', `${ref}^{commit}`], { cwd: crateDir, reject: false });
  if (resolved.exitCode !== 0) throw new ConfigurationError(`--against ${ref}: no such commit in this repository`);
  const repoPath = path.relative(top.stdout.trim(), path.join(crateDir, file)).split(path.sep).join('/');
  const shown = await execa('git', ['show', `${resolved.stdout.trim()}:${repoPath}`], { cwd: crateDir, reject: false, stripFinalNewline: false });
  return shown.exitCode === 0 ? shown.stdout : null;
}
