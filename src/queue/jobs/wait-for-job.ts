import type { EventEmitter } from 'node:events';
import type { Queue, QueueEvents } from 'bullmq';

/** How a job ended, as far as its submitter can tell. */
export type JobWaitOutcome =
  | { kind: 'completed'; returnvalue: unknown }
  | { kind: 'failed'; reason: string }
  /** The job is gone without an end (Redis restarted without its data, or someone drained the queue). */
  | { kind: 'vanished' }
  /** The deadline passed; `state` is where the job was then (`waiting`: no worker took it). */
  | { kind: 'timeout'; state: string }
  /** Redis did not answer for longer than the allowed outage. */
  | { kind: 'unreachable'; error: Error };

export interface JobWaitSettings {
  deadlineMs: number;
  /** A safety check of the job's state in case an event is missed (reconnects), every this many ms. */
  pollMs: number;
  /** How long Redis may stay unreachable before the wait gives up. */
  outageMs: number;
  signal?: AbortSignal;
}

/**
 * Waits for one job: its completion or failure event from QueueEvents, confirmed by polling its state
 * so that a missed event, a vanished job or a lost Redis ends the wait instead of hanging it.
 */
export function waitForJob(queue: Queue, queueEvents: QueueEvents, jobId: string, settings: JobWaitSettings): Promise<JobWaitOutcome> {
  // Per-job events (`completed:<id>`) are emitted by QueueEvents but absent from its typed listener map.
  const events = queueEvents as unknown as EventEmitter;
  return new Promise((resolve, reject) => {
    let settled = false;
    let unreachableSince: number | null = null;
    const finish = (outcome: JobWaitOutcome | { abort: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(poll);
      events.off(`completed:${jobId}`, onCompleted);
      events.off(`failed:${jobId}`, onFailed);
      settings.signal?.removeEventListener('abort', onAbort);
      if ('abort' in outcome) reject(outcome.abort);
      else resolve(outcome);
    };
    const onCompleted = (args: { returnvalue: unknown }) => finish({ kind: 'completed', returnvalue: args.returnvalue });
    const onFailed = (args: { failedReason: string }) => finish({ kind: 'failed', reason: args.failedReason });
    const onAbort = () => finish({ abort: settings.signal?.reason ?? new DOMException('The verification was aborted', 'AbortError') });
    const check = async (final: boolean) => {
      try {
        const state = await queue.getJobState(jobId);
        unreachableSince = null;
        if (state === 'completed' || state === 'failed') {
          const job = await queue.getJob(jobId);
          if (job === undefined) return finish({ kind: 'vanished' });
          return finish(state === 'completed' ? { kind: 'completed', returnvalue: job.returnvalue } : { kind: 'failed', reason: job.failedReason });
        }
        if (state === 'unknown') return finish({ kind: 'vanished' });
        if (final) finish({ kind: 'timeout', state });
      } catch (error) {
        unreachableSince ??= Date.now();
        if (final || Date.now() - unreachableSince >= settings.outageMs) finish({ kind: 'unreachable', error: error as Error });
      }
    };
    events.on(`completed:${jobId}`, onCompleted);
    events.on(`failed:${jobId}`, onFailed);
    if (settings.signal?.aborted === true) return onAbort();
    settings.signal?.addEventListener('abort', onAbort, { once: true });
    const poll = setInterval(() => void check(false), settings.pollMs);
    const deadline = setTimeout(() => void check(true), settings.deadlineMs);
    void check(false);
  });
}
