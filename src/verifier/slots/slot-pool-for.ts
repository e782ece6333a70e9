import path from 'node:path';
import { TargetSlotPool } from './target-slot-pool.js';

const pools = new Map<string, TargetSlotPool>();

/** The process's one slot pool for `baseDir`: every verifier of a project lends from the same slots, so no two runs of this process share one. */
export function slotPoolFor(baseDir: string): TargetSlotPool {
  const key = path.resolve(baseDir);
  let pool = pools.get(key);
  if (pool === undefined) {
    pool = new TargetSlotPool(key);
    pools.set(key, pool);
  }
  return pool;
}
