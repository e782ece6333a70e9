import pLimit from 'p-limit';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { settleAll } from './settle-all.js';

/** Work that records when each item starts and how many run at once. */
function recorder() {
  const started: string[] = [];
  let running = 0;
  let most = 0;
  const work = async (item: string) => {
    started.push(item);
    most = Math.max(most, ++running);
    await sleep(item.startsWith('slow') ? 60 : 10);
    running--;
    return item.toUpperCase();
  };
  return { started, work, most: () => most };
}

describe('settleAll', () => {
  it('keeps input order in its results, with at most jobs at a time', async () => {
    const { work, most } = recorder();
    expect(await settleAll(['slow-a', 'b', 'c', 'd'], 2, work, () => 'interrupted')).toEqual(['SLOW-A', 'B', 'C', 'D']);
    expect(most()).toBe(2);
  });

  it('with a shared limiter, two calls stay within it together, the later one queued behind the earlier', async () => {
    const { started, work, most } = recorder();
    const pool = pLimit(2);
    const first = settleAll(['slow-1', 'slow-2', 'slow-3'], pool, work, () => 'interrupted');
    const second = settleAll(['p1', 'p2'], pool, work, () => 'interrupted');
    expect(await Promise.all([first, second])).toEqual([['SLOW-1', 'SLOW-2', 'SLOW-3'], ['P1', 'P2']]);
    expect(most()).toBe(2);
    // Queued behind the first call: p1 starts only once every item of the first has started.
    expect(started.indexOf('p1')).toBeGreaterThan(started.indexOf('slow-3'));
  });

  it('gives items not started when the signal aborts their interrupted value', async () => {
    const controller = new AbortController();
    const results = await settleAll(['a', 'b', 'c'], 1, async (item) => {
      if (item === 'a') controller.abort();
      return item;
    }, () => 'interrupted', controller.signal);
    expect(results).toEqual(['a', 'interrupted', 'interrupted']);
  });
});
