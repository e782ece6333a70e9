import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { KEY_PREFIX, queueKeys } from '../redis/queue-keys.js';
import { SharedStore } from '../snapshot/shared-store.js';

/** What `verus-repair queue drain` removed from one pin's queue. */
export interface DrainedQueue {
  pinHash: string;
  queue: string;
  removed: number;
}

/**
 * Removes every job not yet taken (waiting and delayed) from each pin's queue under `name`. Jobs in
 * flight finish; their submitters still get their verdicts. Submitters whose job was removed are told
 * it disappeared.
 */
export async function drainQueue(client: Redis, name: string): Promise<DrainedQueue[]> {
  const keys = queueKeys(name);
  const drained: DrainedQueue[] = [];
  for (const pinHash of await new SharedStore(client, keys).listPins()) {
    const queue = new Queue(keys.jobQueue(pinHash), { connection: client, prefix: KEY_PREFIX });
    try {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed');
      await queue.drain(true);
      drained.push({ pinHash, queue: queue.name, removed: Object.values(counts).reduce((sum, count) => sum + count, 0) });
    } finally {
      await queue.close();
    }
  }
  return drained;
}
