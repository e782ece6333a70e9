import type { PublishedSuite } from './published-suites.js';

/**
 * One repair task of a bench suite: a crate whose file `file` holds a broken proof. The bench copies
 * `crateDir` into a scratch repository per attempt, writes `brokenSource` over `file` and repairs it.
 */
export interface BenchTask {
  /** Unique within the suite; letters, digits, `.`, `_`, `-`. */
  id: string;
  /** The crate to copy (Cargo.toml at its root), or null for a single-file task wrapped in a scratch crate. */
  crateDir: string | null;
  /** The file under repair, relative to the crate (`src/lib.rs` for single-file tasks). */
  file: string;
  brokenSource: string;
  /** The verified original, when the suite has one (generated and Verus-Bench tasks). */
  originalSource: string | null;
  /** Functions to repair; empty means every function the baseline reports failing. */
  functions: string[];
  defectClass: string | null;
  expectedFailingFunction: string | null;
  /** How many defects the task carries (the denominator unit for repaired obligations); 1 unless generated with several. */
  defects: number;
  /** Where the task comes from (a manifest path, a Verus-Bench file, a generator operator). */
  origin: string;
  /**
   * The suite's own grouping, which reports break Correct@k down by: a Verus-Bench source
   * (CloverBench, MBPP, ...), a VeruSAGE-Bench project (Anvil, IronKV, ...), a manifest's `category`.
   */
  category?: string | null;
  /** The public suite the task was read from, when its layout says which (see published-suites.ts). */
  publishedSuite?: PublishedSuite | null;
}
