import { realpath } from 'node:fs/promises';
import { execa } from 'execa';
import { ConfigurationError } from '../core/errors.js';
import { toRepositoryPath } from './crate-repository-path.js';

/** A crate's Rust sources (`src/**.rs`) as committed at one revision. */
export interface CrateSourcesAtRef {
  /** The commit the ref named. */
  commit: string;
  /** Crate-relative path → text, for every `.rs` file under the crate's `src/` at that commit. */
  files: Map<string, string>;
}

/**
 * The crate's sources at `ref`. A crate outside git, or a ref git cannot resolve to a commit, is a
 * ConfigurationError naming `option` and the ref: bad input, found before any build or verifier call.
 */
export async function readCrateSourcesAtRef(crateDir: string, ref: string, option: string): Promise<CrateSourcesAtRef> {
  const top = await execa('git', ['rev-parse', '--show-toplevel'], { cwd: crateDir, reject: false });
  if (top.exitCode !== 0) throw new ConfigurationError(`${option} needs the crate inside a git repository; ${crateDir} is in none`);
  const resolved = await execa('git', ['rev-parse', '--verify', '-q', '--end-of-options', `${ref}^{commit}`], { cwd: crateDir, reject: false });
  if (resolved.exitCode !== 0) throw new ConfigurationError(`${option} ${ref}: no such commit in the repository at ${top.stdout.trim()}`);
  const commit = resolved.stdout.trim();
  const prefix = toRepositoryPath(top.stdout.trim(), await realpath(crateDir));
  const source = prefix === '' ? 'src' : `${prefix}/src`;
  const listed = await execa('git', ['ls-tree', '-r', '-z', '--name-only', commit, '--', `${source}/`], { cwd: top.stdout.trim(), reject: false });
  const files = new Map<string, string>();
  for (const repoPath of listed.stdout.split('\0').filter((entry) => entry.endsWith('.rs'))) {
    const shown = await execa('git', ['show', `${commit}:${repoPath}`], { cwd: top.stdout.trim(), reject: false, stripFinalNewline: false });
    if (shown.exitCode === 0) files.set(prefix === '' ? repoPath : repoPath.slice(prefix.length + 1), shown.stdout);
  }
  return { commit, files };
}
