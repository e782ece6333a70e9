import { DEFAULT_GUARD_POLICY, type GuardPolicy } from '../core/guard-verdict.js';
import type { LedgerCommit } from './git-proof-ledger.js';

/** What `apply` needs from the request a run was started with (stored in its baseline note). */
export interface RunRequestFacts {
  /** The crate, relative to the repository ('' for the root), with forward slashes. */
  crateDir: string;
  /** The file under repair, relative to the crate. */
  file: string;
  policy: GuardPolicy;
}

/** The request facts from the run's baseline note; null for runs whose baseline note has none. */
export function readRunRequest(commits: readonly LedgerCommit[], runId: string): RunRequestFacts | null {
  const baseline = commits.find((commit) => commit.trailers.get('Iteration') === '0');
  try {
    const request = (JSON.parse(baseline?.noteText ?? 'null') as { report?: { request?: Partial<RunRequestFacts> & { runId?: string } } } | null)?.report?.request;
    if (request?.runId !== runId || typeof request.crateDir !== 'string' || typeof request.file !== 'string') return null;
    return { crateDir: request.crateDir.split('\\').join('/'), file: request.file, policy: { ...DEFAULT_GUARD_POLICY, ...request.policy } };
  } catch {
    return null;
  }
}
