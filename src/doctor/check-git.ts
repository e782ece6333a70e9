import { failed, passed, type DoctorCheck } from './doctor-check.js';
import { firstLine, probeProgram } from './probe-program.js';

/** git on PATH, and the directory inside a repository: the proof ledger lives in git. */
export async function checkGit(repositoryRoot: string | null, environment: NodeJS.ProcessEnv): Promise<DoctorCheck[]> {
  const probe = await probeProgram(['git', '--version'], environment);
  const git = probe.kind === 'exited' && probe.exitCode === 0
    ? passed('git', firstLine(probe.stdout))
    : failed('git', probe.kind === 'missing' ? 'git is not on PATH' : `git --version failed: ${probe.kind === 'failed' ? probe.message : firstLine(probe.stderr)}`, 'install git (e.g. `sudo apt-get install git`)');
  const repository = repositoryRoot === null
    ? failed('repository', 'not inside a git repository; the proof ledger lives in git', '`git init && git add -A && git commit -m "initial"`, then `npx verus-repair init`')
    : passed('repository', repositoryRoot);
  return [git, repository];
}
