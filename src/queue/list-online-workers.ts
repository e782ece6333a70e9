import type { Redis } from 'ioredis';
import { KEY_PREFIX } from './redis/queue-keys.js';
import { parseWorkerName, type WorkerIdentity } from './worker/worker-name.js';

/** A worker connected to Redis now: the queue it serves and what it told about itself. */
export interface OnlineWorker extends WorkerIdentity {
  queue: string;
}

/**
 * Every verus-repair worker connected to this Redis, from CLIENT LIST (BullMQ names each worker's
 * connection `<prefix>:<base64 queue>:w:<name>`). Empty when the server refuses CLIENT LIST.
 */
export async function listOnlineWorkers(client: Redis): Promise<OnlineWorker[]> {
  let listing: string;
  try {
    listing = String(await client.client('LIST'));
  } catch {
    return [];
  }
  const workers: OnlineWorker[] = [];
  for (const line of listing.split('\n')) {
    const name = /(?:^| )name=(\S+)/.exec(line)?.[1];
    const match = name === undefined ? null : new RegExp(`^${KEY_PREFIX}:([A-Za-z0-9+/=]+):w:(.+)$`).exec(name);
    if (match === null || match[1] === undefined || match[2] === undefined) continue;
    const identity = parseWorkerName(match[2]);
    if (identity !== null) workers.push({ ...identity, queue: Buffer.from(match[1], 'base64').toString('utf8') });
  }
  return workers.sort((left, right) => left.queue.localeCompare(right.queue) || left.host.localeCompare(right.host) || left.pid - right.pid);
}
