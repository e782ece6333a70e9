import type { MutationOperator } from './mutation-operator.js';

/** A mutant of one exec function: the whole mutated file and where and how it differs from the original. */
export interface Mutant {
  /** `m<n>` in generation order (after deduplication and sampling), stable for the same crate and options. */
  id: string;
  operator: MutationOperator;
  /** Crate-relative path of the mutated file. */
  file: string;
  function: string;
  line: number;
  column: number;
  original: string;
  replacement: string;
  /** Unified diff of the file against the original. */
  diff: string;
  /** sha256 of the mutated file's text: the canonical key mutants are deduplicated by. */
  sourceSha256: string;
  source: string;
}
