import type { RunLock } from '../ledger/run-lock.js';
import type { RunWorkspace } from '../ledger/git-proof-ledger.js';
import type { CheckedCandidate } from '../repair/candidates/checked-candidate.js';
import type { CrateFiles } from '../repair/setup/crate-snapshot.js';

/** The crate and file a session works on, fixed by its first call that names them. */
export interface SessionTarget {
  /** Repository-relative, '' for the root, forward slashes. */
  crateDir: string;
  /** Crate-relative, e.g. `src/lib.rs`. */
  file: string;
}

/** The crate as the session first saw it: the baseline every candidate is guarded against. */
export interface SessionBaseline {
  files: CrateFiles;
  /** The commit holding that state (HEAD, or a snapshot of the uncommitted changes): the ledger run's base. */
  commit: string;
}

/** One verify of the session: the content it checked (by its source hash) and the verdict. */
export interface SessionCandidate {
  /** `Source-SHA256` of the crate's files as checked (repository-relative paths), the key a record is looked up by. */
  sourceSha256: string;
  checked: CheckedCandidate;
  /** The repository-relative files that differ from the baseline. */
  changedFiles: string[];
  /** The ledger commit, once recorded. */
  commit: string | null;
}

/**
 * One connection's state. The run id is fixed when the session opens; the ledger run (branch
 * `verus-repair/agent-<id>`) and its lock are created at the first call that records something.
 */
export class McpSession {
  target: SessionTarget | null = null;
  baseline: SessionBaseline | null = null;
  /** The crate (repository-relative) the baseline is of. */
  baselineCrate: string | null = null;
  client: { name: string; version: string } | null = null;
  readonly candidates: SessionCandidate[] = [];
  run: RunWorkspace | null = null;
  lock: RunLock | null = null;
  private iterations = 0;
  private recording: Promise<unknown> = Promise.resolve();

  constructor(readonly runId: string) {}

  /** The next iteration number for a candidate; the baseline is iteration 0. */
  nextIteration(): number {
    this.iterations += 1;
    return this.iterations;
  }

  /** Runs `record` after every record before it: two calls at once never start the run twice or interleave commits. */
  serializeRecord<T>(record: () => Promise<T>): Promise<T> {
    const next = this.recording.then(record, record);
    this.recording = next.catch(() => undefined);
    return next;
  }

  /** The last verify of exactly this content, if any. */
  findCandidate(sourceSha256: string): SessionCandidate | undefined {
    return this.candidates.findLast((candidate) => candidate.sourceSha256 === sourceSha256);
  }
}
