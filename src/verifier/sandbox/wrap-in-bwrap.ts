import type { ProcessJob } from '../jobs/process-job.js';
import { BWRAP_ISOLATION_ARGUMENTS } from './bwrap-arguments.js';

/**
 * A job run inside bubblewrap (pure): the isolation of BWRAP_ISOLATION_ARGUMENTS, then each
 * `writable` directory bound read-write over the read-only root (the crate copy and the cargo
 * target directory; they must exist) and each `readable` one bound again read-only (the private
 * /tmp hides what lies under /tmp), in the job's directory. The environment is the job's own
 * (already an allow-list, no model key) with TMPDIR on the sandbox's private /tmp. Paths are the
 * same inside and out, so diagnostics and artifacts need no translation.
 */
export function wrapInBwrap(job: ProcessJob, sandbox: { program: string; writable: readonly string[]; readable?: readonly string[] }): ProcessJob {
  // Bound again read-only after the private /tmp, which would hide them when they are under /tmp.
  const readable = [...new Set(sandbox.readable ?? [])].flatMap((directory) => ['--ro-bind', directory, directory]);
  const binds = [...readable, ...[...new Set(sandbox.writable)].flatMap((directory) => ['--bind', directory, directory])];
  return {
    ...job,
    command: [sandbox.program, ...BWRAP_ISOLATION_ARGUMENTS, ...binds, '--chdir', job.cwd, '--', ...job.command],
    env: { ...job.env, TMPDIR: '/tmp' },
  };
}
