import { execa } from 'execa';

/** The committer verus-repair uses when the user has no git identity configured. */
export const FALLBACK_IDENTITY = ['-c', 'user.name=verus-repair', '-c', 'user.email=verus-repair@localhost'];

/** The user's identity when configured (so their signing config applies): no arguments; the fallback otherwise. */
export async function readIdentityArgs(repoDir: string): Promise<string[]> {
  const name = await execa('git', ['config', '--get', 'user.name'], { cwd: repoDir, reject: false });
  return String(name.stdout).trim() === '' ? FALLBACK_IDENTITY : [];
}
