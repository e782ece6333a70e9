import type { ProcessJob } from '../jobs/process-job.js';
import { BWRAP_ISOLATION_ARGUMENTS } from './bwrap-arguments.js';

/**
 * A job run inside bubblewrap (pure): the isolation of BWRAP_ISOLATION_ARGUMENTS, then each
 * `writable` directory bound read-write over the read-only root (the crate copy and the cargo
 * target directory; they must exist), in the job's directory. The environment is the job's own
 * (already an allow-list, no model key) with TMPDIR on the sandbox's private /tmp. Paths are the
 * same inside and out, so diagnostics and artifacts need no translation.
 */
export function wrapInBwrap(job: ProcessJob, sandbox: { program: string; writable: readonly string[] }): ProcessJob {
  const binds = [...new Set(sandbox.writable)].flatMap((directory) => ['--bind', directory, directory]);
  return {
    ...job,
    command: [sandbox.program, ...BWRAP_ISOLATION_ARGUMENTS, ...binds, '--chdir', job.cwd, '--', ...job.command],
    env: { ...job.env, TMPDIR: '/tmp' },
  };
}
