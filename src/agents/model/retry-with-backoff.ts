/** How often and how patiently to retry. Delays grow as base·2^attempt, capped, with full jitter. */
export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Time is injected so tests can retry without waiting. */
export interface RetryClock {
  sleep(milliseconds: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1): the jitter source. */
  random(): number;
  /** Milliseconds since the epoch, for deadlines; Date.now when absent. */
  now?(): number;
}

/** A limit on the whole retry loop: no attempt starts once the next delay would pass it. */
export interface RetryDeadline {
  remainingMs(): number;
  /** The error to throw instead of `error` when the next attempt would start too late. */
  exceeded(error: unknown, attempts: number): unknown;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 30_000 };

export const SYSTEM_CLOCK: RetryClock = {
  sleep: (milliseconds, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, milliseconds);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      }, { once: true });
    }),
  random: Math.random,
  now: Date.now,
};

/**
 * Runs `operation`, retrying only while `isRetryable(error)` says so and attempts remain. A server's
 * `retry-after` hint (if the error carries `retryAfterMs`) raises the delay, never lowers it; callers
 * cap the hints they accept by making such errors not retryable. With a deadline, a retry whose
 * delay would not end before it is not waited for.
 */
export async function retryWithBackoff<T>(
  operation: (attempt: number) => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  policy: RetryPolicy,
  clock: RetryClock,
  signal?: AbortSignal,
  deadline?: RetryDeadline,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= policy.maxRetries || !isRetryable(error) || signal?.aborted === true) throw error;
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
      const delay = Math.max(Math.floor(clock.random() * ceiling), retryAfterOf(error));
      if (deadline !== undefined && delay >= deadline.remainingMs()) throw deadline.exceeded(error, attempt + 1);
      await clock.sleep(delay, signal);
    }
  }
}

function retryAfterOf(error: unknown): number {
  const value = typeof error === 'object' && error !== null ? (error as { retryAfterMs?: unknown }).retryAfterMs : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
