import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TargetSlotPool } from './target-slot-pool.js';

describe('TargetSlotPool', () => {
  it('never lends one slot to two runs at once, and makes only as many slots as runs overlapped', async () => {
    const pool = new TargetSlotPool('/slots');
    const busy = new Set<string>();
    let overlap = false;
    let running = 0;
    let mostRunning = 0;
    const run = (delayMs: number) => pool.run(async (directory) => {
      if (busy.has(directory)) overlap = true;
      busy.add(directory);
      mostRunning = Math.max(mostRunning, ++running);
      await sleep(delayMs);
      running -= 1;
      busy.delete(directory);
    });
    // Two lanes of work, as `--jobs 2` runs it: each lane starts its next run when its last one ended.
    const lane = async (delays: number[]) => { for (const delay of delays) await run(delay); };
    await Promise.all([lane([5, 15, 5, 10]), lane([10, 5, 5, 15])]);
    expect(overlap).toBe(false);
    expect(mostRunning).toBe(2);
    expect(pool.size).toBe(2);
  });

  it('frees the slot of a run that throws, and lends the lowest free slot', async () => {
    const pool = new TargetSlotPool('/slots');
    await expect(pool.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await pool.run(async (directory) => directory)).toBe('/slots/slot-0');
    expect(pool.size).toBe(1);
  });
});
