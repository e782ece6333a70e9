import path from 'node:path';

/**
 * Warm cargo target directories for `cargo verus` runs on crates verus-repair wrote (a review's
 * variants, repair's candidates, a bench's attempts), one per run in flight. Each such crate is
 * written to a fresh directory, and cargo judges freshness per target directory: with the crate's
 * own `target/`, every run compiled vstd again (minutes under Verus). A slot's directory outlives
 * the run, so vstd is built there once and is fresh for every later run in that slot: a registry
 * package's unit hash is its package id's stable hash, its features, profile, mode, target and
 * dependencies, nothing of the root crate (cargo's compilation_files.rs, compute_metadata; the id's
 * hash is relative to the workspace root only for path sources). The root crate is always verified
 * again: the runner's per-run argument sent to roots changes its fingerprint (jobs/create-run-nonce.ts),
 * and scratch crates carry package names of their own content (isolate-scratch-package.ts).
 *
 * A slot is lent to one run at a time, so runs in one process never wait on each other's cargo lock
 * or see another run's half-written root artifacts. Slots are made as runs overlap: a review with
 * `--jobs N` uses N of them, so vstd is built at most N times, once per slot, ever.
 */
export class TargetSlotPool {
  private readonly free: number[] = [];
  private created = 0;

  constructor(private readonly baseDir: string) {}

  /** How many slots were made so far: the most runs that were in flight at once. */
  get size(): number {
    return this.created;
  }

  /** The directory of slot `index`: `<base>/slot-<index>`. */
  directoryOf(index: number): string {
    return path.join(this.baseDir, `slot-${index}`);
  }

  /** Runs `work` with a slot's directory (the lowest free one, else a new one), holding it until `work` settles. */
  async run<T>(work: (targetDir: string) => Promise<T>): Promise<T> {
    this.free.sort((left, right) => left - right);
    const slot = this.free.shift() ?? this.created++;
    try {
      return await work(this.directoryOf(slot));
    } finally {
      this.free.push(slot);
    }
  }
}
