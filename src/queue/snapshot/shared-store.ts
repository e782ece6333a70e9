import type { Redis } from 'ioredis';
import type { QueueJobResult } from '../jobs/queue-job-result.js';
import { RESULT_TTL_SECONDS, SNAPSHOT_TTL_SECONDS, type QueueKeys } from '../redis/queue-keys.js';
import { encodeSnapshot, type VerificationSnapshot } from './verification-snapshot.js';

/**
 * The data submitters and workers share besides BullMQ's jobs: snapshots by content hash (sent once,
 * kept a week after their last use) and verdicts by result cache key (only `verified`/`failed`, as
 * in the local cache: a timeout or crash is never shared).
 */
export class SharedStore {
  constructor(private readonly client: Redis, private readonly keys: QueueKeys) {}

  /** Stores the snapshot unless Redis already holds it; `sent` says whether its bytes went over the wire. */
  async ensureSnapshot(snapshot: VerificationSnapshot): Promise<{ sent: boolean }> {
    const key = this.keys.snapshot(snapshot.hash);
    if ((await this.client.expire(key, SNAPSHOT_TTL_SECONDS)) === 1) return { sent: false };
    await this.client.set(key, encodeSnapshot(snapshot), 'EX', SNAPSHOT_TTL_SECONDS, 'NX');
    return { sent: true };
  }

  async hasSnapshot(snapshotHash: string): Promise<boolean> {
    return (await this.client.exists(this.keys.snapshot(snapshotHash))) === 1;
  }

  async readSnapshot(snapshotHash: string): Promise<string | null> {
    return this.client.get(this.keys.snapshot(snapshotHash));
  }

  /** A shared verdict's stored text, unchecked: acceptQueueJobResult decides whether it answers the key. */
  async readResult(cacheKey: string): Promise<string | null> {
    return this.client.get(this.keys.result(cacheKey));
  }

  /** Stored under the key the verdict names, which is the key of the job that produced it. */
  async storeResult(outcome: QueueJobResult): Promise<void> {
    if (outcome.result.status !== 'verified' && outcome.result.status !== 'failed') return;
    await this.client.set(this.keys.result(outcome.key), JSON.stringify(outcome), 'EX', RESULT_TTL_SECONDS);
  }

  async registerPin(pinHash: string): Promise<void> {
    await this.client.sadd(this.keys.pins, pinHash);
  }

  async listPins(): Promise<string[]> {
    return (await this.client.smembers(this.keys.pins)).sort();
  }
}
