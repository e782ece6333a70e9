import { execa } from 'execa';
import type { ProcessJob } from '../jobs/process-job.js';
import { BoundedOutput } from './bounded-output.js';
import { killProcessGroup } from './kill-process-group.js';
import type { ProcessOutcome } from './process-outcome.js';
import { startLifeline } from './start-lifeline.js';

/** Live copies of the output, for commands that stream (e.g. `toolchain build`). */
export interface ProcessRunOptions {
  signal?: AbortSignal;
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  /** False runs the job without its lifeline (start-lifeline.ts); only `npm run bench` does, to measure what the lifeline costs. */
  endWithParent?: boolean;
}

const CLEANUP_TIMEOUT_MS = 30_000;

/**
 * The one process runner. Spawns the job detached (its own process group) so that a timeout or an
 * abort kills the whole tree, and with a lifeline that kills it (and runs its cleanup commands)
 * when verus-repair itself dies, captures stdout and stderr separately and bounded, and never
 * throws for anything the process does: every ending is a ProcessOutcome.
 */
export async function runProcessJob(job: ProcessJob, options: ProcessRunOptions = {}): Promise<ProcessOutcome> {
  const [program, ...args] = job.command;
  const stdout = new BoundedOutput(job.maxOutputBytes);
  const stderr = new BoundedOutput(job.maxOutputBytes);
  const started = performance.now();
  const facts = () => ({ stdout: stdout.finish(), stderr: stderr.finish(), wallTimeMs: Math.round(performance.now() - started) });
  if (program === undefined) return { kind: 'spawn-failed', errorCode: null, message: 'empty command', ...facts() };
  if (options.signal?.aborted === true) return { kind: 'aborted', ...facts() };

  const lifeline = options.endWithParent === false ? null : startLifeline(job);
  const child = execa(program, args, {
    cwd: job.cwd,
    env: job.env,
    extendEnv: false,
    reject: false,
    detached: true,
    buffer: false,
    stdin: 'ignore',
    stripFinalNewline: false,
  });
  if (child.pid !== undefined) lifeline?.attach(child.pid);
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout.append(chunk);
    options.onStdout?.(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.append(chunk);
    options.onStderr?.(chunk);
  });

  let ending: 'timed-out' | 'aborted' | null = null;
  const stop = (why: 'timed-out' | 'aborted') => {
    ending ??= why;
    killProcessGroup(child.pid);
  };
  const timer = job.timeoutMs === null ? null : setTimeout(() => stop('timed-out'), job.timeoutMs);
  const onAbort = () => stop('aborted');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  // A leader that exits may leave children holding the pipes open; reap them so the streams end.
  child.on('exit', () => killProcessGroup(child.pid));

  const result = await child;
  if (timer !== null) clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);
  if (ending === null) lifeline?.release();

  if (ending !== null) {
    await runCleanupCommands(job);
    lifeline?.release();
    return ending === 'timed-out' ? { kind: 'timed-out', timeoutMs: job.timeoutMs ?? 0, ...facts() } : { kind: 'aborted', ...facts() };
  }
  if (child.pid === undefined || ('code' in result && typeof result.code === 'string' && result.exitCode === undefined)) {
    const errorCode = 'code' in result && typeof result.code === 'string' ? result.code : null;
    return { kind: 'spawn-failed', errorCode, message: result.originalMessage ?? result.shortMessage ?? 'could not start the process', ...facts() };
  }
  return { kind: 'exited', exitCode: result.exitCode ?? null, signal: result.signal ?? null, ...facts() };
}

async function runCleanupCommands(job: ProcessJob): Promise<void> {
  for (const [program, ...args] of job.cleanupCommands) {
    if (program === undefined) continue;
    await execa(program, args, { cwd: job.cwd, env: job.env, extendEnv: false, reject: false, stdin: 'ignore', timeout: CLEANUP_TIMEOUT_MS });
  }
}
