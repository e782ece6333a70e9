import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../verifier/jobs/select-environment.js';
import { runProcessJob } from '../verifier/run/run-process-job.js';

/** How a probe ended: its output, or why there is none (not found, timed out, failed to start). */
export type ProbeResult =
  | { kind: 'exited'; exitCode: number | null; stdout: string; stderr: string }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

/** Runs one short diagnostic command (`git --version`, `docker version`) with a hard time limit. */
export async function probeProgram(command: string[], environment: NodeJS.ProcessEnv, options: { timeoutMs?: number; passEnv?: string[] } = {}): Promise<ProbeResult> {
  const outcome = await runProcessJob({
    command,
    cwd: process.cwd(),
    env: selectEnvironment(environment, [...LOCAL_ENVIRONMENT_ALLOW_LIST, 'DOCKER_HOST', 'DOCKER_CONTEXT', 'DOCKER_CONFIG', 'DOCKER_CERT_PATH', 'DOCKER_TLS_VERIFY'], options.passEnv ?? []),
    timeoutMs: options.timeoutMs ?? 10_000,
    maxOutputBytes: 256 * 1024,
    cleanupCommands: [],
  });
  switch (outcome.kind) {
    case 'exited':
      return { kind: 'exited', exitCode: outcome.exitCode, stdout: outcome.stdout.text, stderr: outcome.stderr.text };
    case 'spawn-failed':
      return outcome.errorCode === 'ENOENT' ? { kind: 'missing' } : { kind: 'failed', message: outcome.message };
    case 'timed-out':
      return { kind: 'failed', message: `no answer within ${Math.round(outcome.timeoutMs / 1000)} s` };
    case 'aborted':
      return { kind: 'failed', message: 'interrupted' };
  }
}

/** The first non-empty line of a probe's stderr (or stdout), for a one-line detail. */
export function firstLine(text: string): string {
  return text.split('\n').map((line) => line.trim()).find((line) => line !== '')?.slice(0, 200) ?? '';
}
