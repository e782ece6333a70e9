import { describe, expect, it } from 'vitest';
import { retryWithBackoff, type RetryClock } from './retry-with-backoff.js';

const clock = (random: number): RetryClock & { sleeps: number[] } => {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (milliseconds) => void sleeps.push(milliseconds), random: () => random };
};

describe('retryWithBackoff', () => {
  it('backs off exponentially with full jitter, capped, and returns the first success', async () => {
    const time = clock(0.99);
    let attempts = 0;
    const result = await retryWithBackoff(async () => (++attempts < 4 ? Promise.reject(new Error('transient')) : 'done'), () => true, { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 250 }, time);
    expect(result).toBe('done');
    expect(time.sleeps).toEqual([99, 198, 247]);
  });

  it('does not retry what is not retryable, and gives up after maxRetries', async () => {
    const time = clock(0);
    let attempts = 0;
    await expect(retryWithBackoff(async () => Promise.reject(new Error(`fail ${++attempts}`)), () => false, { maxRetries: 3, baseDelayMs: 1, maxDelayMs: 1 }, time)).rejects.toThrow('fail 1');
    attempts = 0;
    await expect(retryWithBackoff(async () => Promise.reject(new Error(`fail ${++attempts}`)), () => true, { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 1 }, time)).rejects.toThrow('fail 3');
  });

  it('stops retrying once the caller aborts', async () => {
    const controller = new AbortController();
    let attempts = 0;
    const failing = async (): Promise<never> => {
      attempts += 1;
      controller.abort();
      throw new Error('transient');
    };
    await expect(retryWithBackoff(failing, () => true, { maxRetries: 5, baseDelayMs: 1, maxDelayMs: 1 }, clock(0), controller.signal)).rejects.toThrow('transient');
    expect(attempts).toBe(1);
  });
});
