import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Runs `work` over every item with at most `jobs` at a time, keeping input order in the results.
 * `jobs` may be a limiter shared with other calls: their items together stay within it, each
 * call's queued behind what was queued before it.
 * An item not started when `signal` aborts gets `interrupted(item)` instead, so nothing is
 * reported as settled that was not.
 */
export async function settleAll<T, R>(items: readonly T[], jobs: number | LimitFunction, work: (item: T) => Promise<R>, interrupted: (item: T, error: unknown) => R, signal?: AbortSignal): Promise<R[]> {
  const limit = typeof jobs === 'number' ? pLimit(Math.max(1, jobs)) : jobs;
  return Promise.all(
    items.map((item) =>
      limit(async () => {
        if (isAborted(signal)) return interrupted(item, signal?.reason);
        try {
          return await work(item);
        } catch (error) {
          if (isAborted(signal)) return interrupted(item, error);
          throw error;
        }
      }),
    ),
  );
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
