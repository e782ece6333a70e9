import { randomBytes } from 'node:crypto';

/**
 * A job's BullMQ id is its key, so identical checks share one job. A check that must not be answered
 * by any stored verdict (`--no-cache`, `audit --reverify`) gets an id of its own, `<key>-fresh-<nonce>`:
 * BullMQ then runs a new job instead of handing back an earlier job's return value. (BullMQ refuses
 * `:` in custom ids, hence `-`.)
 */
export function createJobId(key: string, fresh: boolean): string {
  return fresh ? `${key}-fresh-${randomBytes(8).toString('hex')}` : key;
}

/** The key a job id names, or null for an id of neither form. */
export function readJobIdKey(jobId: string): string | null {
  return /^([0-9a-f]{64})(?:-fresh-[0-9a-f]{16})?$/.exec(jobId)?.[1] ?? null;
}
