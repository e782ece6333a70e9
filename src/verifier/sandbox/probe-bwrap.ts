import { assertNever } from '../../core/assert-never.js';
import { runProcessJob } from '../run/run-process-job.js';
import { BWRAP_ISOLATION_ARGUMENTS } from './bwrap-arguments.js';

export type BwrapProbe = { ok: true; program: string } | { ok: false; reason: string };

const PROBE_TIMEOUT_MS = 10_000;
const probes = new Map<string, Promise<BwrapProbe>>();

/**
 * Whether bubblewrap can run a sandbox here: `bwrap <isolation> true`. In many containers bwrap is
 * installed but the kernel refuses it new namespaces (no unprivileged user namespaces, seccomp);
 * the reason then quotes bwrap. Once per PATH per process: the answer does not change during a run.
 */
export function probeBwrap(environment: NodeJS.ProcessEnv, program = 'bwrap'): Promise<BwrapProbe> {
  const key = `${program}\0${environment['PATH'] ?? ''}`;
  let probe = probes.get(key);
  if (probe === undefined) {
    probe = runProbe(program, environment);
    probes.set(key, probe);
  }
  return probe;
}

async function runProbe(program: string, environment: NodeJS.ProcessEnv): Promise<BwrapProbe> {
  const env: Record<string, string> = environment['PATH'] === undefined ? {} : { PATH: environment['PATH'] };
  const outcome = await runProcessJob({ command: [program, ...BWRAP_ISOLATION_ARGUMENTS, 'true'], cwd: '/', env, timeoutMs: PROBE_TIMEOUT_MS, maxOutputBytes: 16_384, cleanupCommands: [] });
  switch (outcome.kind) {
    case 'exited': {
      if (outcome.exitCode === 0) return { ok: true, program };
      const said = outcome.stderr.text.trim().split('\n')[0] ?? '';
      return { ok: false, reason: `bwrap cannot create its namespaces here (${said === '' ? `exit ${String(outcome.exitCode ?? outcome.signal)}` : said})` };
    }
    case 'spawn-failed':
      return { ok: false, reason: outcome.errorCode === 'ENOENT' ? 'bwrap is not installed (Debian: apt-get install bubblewrap)' : `bwrap could not start: ${outcome.message}` };
    case 'timed-out':
      return { ok: false, reason: `bwrap did not finish its probe in ${PROBE_TIMEOUT_MS / 1000} s` };
    case 'aborted':
      return { ok: false, reason: 'the bwrap probe was aborted' };
    default:
      return assertNever(outcome, 'process outcome');
  }
}
