import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RepairEvent } from '../src/repair/repair-event.js';
import { createRepairWorld, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** Sets [model] timing keys in the world's verus-repair.toml (small values, so the test is quick). */
function setModelTiming(target: RepairWorld, keys: string): void {
  const file = path.join(target.repoDir, 'verus-repair.toml');
  writeFileSync(file, readFileSync(file, 'utf8').replace('max_retries = 0', keys));
}

async function failedRun(target: RepairWorld): Promise<{ error: Error; events: RepairEvent[]; elapsedMs: number }> {
  const events: RepairEvent[] = [];
  const started = Date.now();
  const error = (await runRepairInWorld(target, { houdiniRounds: 0, iterations: 2, onEvent: (event) => events.push(event) }).catch((caught: unknown) => caught)) as Error;
  return { error, events, elapsedMs: Date.now() - started };
}

describe('a repair run waiting on a model that does not answer (fake server)', () => {
  it('says it is waiting, and stops at the call deadline across retries with a message naming it', async () => {
    world = await createRepairWorld();
    setModelTiming(world, 'max_retries = 4\nrequest_timeout_seconds = 0.4\ncall_deadline_seconds = 1\nconnect_timeout_seconds = 1');
    world.server.script({ kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    const { error, events, elapsedMs } = await failedRun(world);
    expect(error.name).toBe('AdapterError');
    // Under load the last attempt either runs into the deadline or is not started because it would: both name the deadline.
    expect(error.message).toMatch(/call deadline of 1 s \(model\.call_deadline_seconds\)/);
    expect(error.message).toMatch(/after [23] attempts/);
    expect(world.server.requests.length).toBeLessThanOrEqual(3);
    expect(elapsedMs).toBeLessThan(20_000);
    const waits = events.filter((event) => event.type === 'model-waiting' || event.type === 'model-finished');
    expect(waits[0]).toEqual({ type: 'model-waiting', elapsedMs: 0 });
    expect(waits.at(-1)).toMatchObject({ type: 'model-finished', outcome: 'failed' });
    // The wait lasts at least two read timeouts (0.4 s each); giving up before a third attempt that would pass the deadline may end it before 1 s.
    const waited = (waits.at(-1) as { elapsedMs: number }).elapsedMs;
    expect(waited).toBeGreaterThanOrEqual(780);
    expect(waited).toBeLessThan(3_000);
  });

  it('fails at once when the endpoint asks to retry after more than the cap', async () => {
    world = await createRepairWorld();
    setModelTiming(world, 'max_retries = 4\nmax_retry_after_seconds = 5');
    world.server.script({ kind: 'status', status: 429, headers: { 'retry-after': '600' } });
    const { error } = await failedRun(world);
    expect(error.message).toContain('HTTP 429: the endpoint asked to retry after 600 s, more than the cap of 5 s (model.max_retry_after_seconds)');
    expect(world.server.requests).toHaveLength(1);
  });
});
