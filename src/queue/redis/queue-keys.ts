/** The prefix of every Redis key verus-repair writes (BullMQ's own keys included). */
export const KEY_PREFIX = 'verus-repair';

/** How long snapshots and shared verdicts stay in Redis after their last use. */
export const SNAPSHOT_TTL_SECONDS = 7 * 24 * 3600;
export const RESULT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Where one queue's data lives. Jobs go to one BullMQ queue per toolchain pin (`<name>.<pin16>`), so
 * a worker only ever sees jobs for the toolchain it runs; jobs for a pin no worker has stay queued.
 */
export interface QueueKeys {
  name: string;
  /** The BullMQ queue for a pin hash. */
  jobQueue(pinHash: string): string;
  snapshot(snapshotHash: string): string;
  result(cacheKey: string): string;
  /** A set of the pin hashes that jobs were submitted for or workers started with (for status and drain). */
  pins: string;
}

export function queueKeys(name: string): QueueKeys {
  return {
    name,
    jobQueue: (pinHash) => `${name}.${pinHash.slice(0, 16)}`,
    snapshot: (snapshotHash) => `${KEY_PREFIX}:${name}:snapshot:${snapshotHash}`,
    result: (cacheKey) => `${KEY_PREFIX}:${name}:result:${cacheKey}`,
    pins: `${KEY_PREFIX}:${name}:pins`,
  };
}
