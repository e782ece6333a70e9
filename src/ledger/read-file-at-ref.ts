import path from 'node:path';
import { execa } from 'execa';
import { InputError } from '../core/errors.js';

/**
 * The text of `file` (crate-relative) as it was at git revision `ref`, or null when it did not exist
 * there. A ref git does not know is bad input naming the ref.
 */
export async function readFileAtRef(crateDir: string, ref: string, file: string): Promise<string | null> {
  const top = await execa('git', ['rev-parse', '--show-toplevel'], { cwd: crateDir, reject: false });
  if (top.exitCode !== 0) throw new InputError('not-a-repository', '--against needs the crate inside a git repository', { file: crateDir, line: 1, column: 1 });
  const resolved = await execa('git', ['rev-parse', '--verify', '-q', `${ref}^{commit}`], { cwd: crateDir, reject: false });
  if (resolved.exitCode !== 0) throw new InputError('unknown-ref', `--against ${ref}: no such commit in this repository`, { file: crateDir, line: 1, column: 1 });
  const repoPath = path.relative(top.stdout.trim(), path.join(crateDir, file)).split(path.sep).join('/');
  const shown = await execa('git', ['show', `${resolved.stdout.trim()}:${repoPath}`], { cwd: crateDir, reject: false, stripFinalNewline: false });
  return shown.exitCode === 0 ? shown.stdout : null;
}
