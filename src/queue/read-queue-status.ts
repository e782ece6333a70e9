import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { listOnlineWorkers, type OnlineWorker } from './list-online-workers.js';
import { KEY_PREFIX, queueKeys } from './redis/queue-keys.js';
import { SharedStore } from './snapshot/shared-store.js';

/** Job counts of one toolchain pin's queue. */
export interface PinQueueStatus {
  pinHash: string;
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  completed: number;
  failed: number;
}

/** `verus-repair queue status`: every pin's queue under a name, and the workers online with their toolchains. */
export interface QueueStatus {
  name: string;
  endpoint: string;
  queues: PinQueueStatus[];
  workers: OnlineWorker[];
}

export async function readQueueStatus(client: Redis, name: string, endpoint: string): Promise<QueueStatus> {
  const keys = queueKeys(name);
  const queues: PinQueueStatus[] = [];
  for (const pinHash of await new SharedStore(client, keys).listPins()) {
    const queue = new Queue(keys.jobQueue(pinHash), { connection: client, prefix: KEY_PREFIX });
    try {
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'completed', 'failed');
      queues.push({
        pinHash,
        queue: queue.name,
        waiting: (counts['waiting'] ?? 0) + (counts['prioritized'] ?? 0),
        active: counts['active'] ?? 0,
        delayed: counts['delayed'] ?? 0,
        completed: counts['completed'] ?? 0,
        failed: counts['failed'] ?? 0,
      });
    } finally {
      await queue.close();
    }
  }
  const prefix = `${name}.`;
  const workers = (await listOnlineWorkers(client)).filter((worker) => worker.queue.startsWith(prefix));
  return { name, endpoint, queues, workers };
}
