import pLimit from 'p-limit';

/**
 * Runs `work` over every item with at most `jobs` at a time, keeping input order in the results.
 * An item not started when `signal` aborts gets `interrupted(item)` instead, so nothing is
 * reported as settled that was not.
 */
export async function settleAll<T, R>(items: readonly T[], jobs: number, work: (item: T) => Promise<R>, interrupted: (item: T, error: unknown) => R, signal?: AbortSignal): Promise<R[]> {
  const limit = pLimit(Math.max(1, jobs));
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
