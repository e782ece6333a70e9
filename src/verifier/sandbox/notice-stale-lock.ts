import { createHash } from 'node:crypto';
import type { CrateCopy } from './copy-crate-for-cargo.js';
import type { LockJudgement } from './judge-lock-file.js';
import { noticeOnce } from './run-notices.js';

/**
 * Says once per run that a crate's Cargo.lock is stale. Keyed by the lock's bytes: every scratch
 * copy of the crate (each candidate, mutant, probe) carries the same stale lock and is not news.
 */
export function noticeStaleLock(copy: CrateCopy, judgement: LockJudgement): void {
  if (judgement !== 'stale' || copy.ownLock === null) return;
  const digest = createHash('sha256').update(copy.ownLock).digest('hex');
  noticeOnce(`stale-lock:${digest}`, `${copy.lockFile} is stale: cargo would rewrite it. verus-repair ran cargo on a copy and left yours as it is; \`cargo update --workspace\` in the crate refreshes it`);
}
