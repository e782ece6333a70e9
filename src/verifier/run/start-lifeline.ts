import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import type { ProcessJob } from '../jobs/process-job.js';
import { buildLifelineCommand } from './build-lifeline-command.js';

/**
 * A job's watcher. `attach(group)` names the job's process group as soon as it is spawned;
 * `release()` says the job is over (or never started), and the watcher exits touching nothing.
 */
export interface Lifeline {
  attach(groupId: number): void;
  release(): void;
}

const NO_LIFELINE: Lifeline = { attach: () => undefined, release: () => undefined };

/**
 * Starts the watcher of a job about to be spawned (build-lifeline-command.ts). Node has no
 * prctl(PR_SET_PDEATHSIG), and a death signal would reach only the direct child, not the rustc or
 * z3 under it; the watcher ends the whole group instead. It starts before the job, so that the
 * only moment a death goes unseen is between the job's spawn and the write of its group, not a
 * whole fork and exec of the watcher. Detached: a terminal's Ctrl-C does not reach it
 * (verus-repair stops the job itself then). libuv opens the pipe's writing end close-on-exec, so no
 * other child holds it open. Windows has neither /bin/sh nor process groups: no watcher. A
 * watcher that cannot start leaves the job as it was before watchers existed; never an error.
 */
export function startLifeline(job: ProcessJob): Lifeline {
  if (process.platform === 'win32') return NO_LIFELINE;
  const [program, ...args] = buildLifelineCommand(job.cleanupCommands);
  if (program === undefined) return NO_LIFELINE;
  let watcher;
  try {
    watcher = spawn(program, args, { cwd: job.cwd, env: job.env, detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch {
    return NO_LIFELINE;
  }
  const input = watcher.stdin;
  if (input === null) return NO_LIFELINE;
  watcher.on('error', () => undefined);
  input.on('error', () => undefined);
  // The watcher must never keep verus-repair alive: it matters only while verus-repair runs.
  // A pipe is a net.Socket, though typed as a Writable.
  watcher.unref();
  (input as Partial<Socket>).unref?.();
  // A release before any attach sends an empty group: the watcher exits at its first line.
  return { attach: (groupId) => input.write(`${groupId}\n`), release: () => input.end('\n') };
}
