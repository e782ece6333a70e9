import type { MutationOperator } from './mutation-operator.js';

/** What `verus-repair review` asks for, after the CLI and `[review]` are merged. */
export interface ReviewRequest {
  id: string;
  crateDir: string;
  /** Crate-relative Rust file to review; null = every `src/**` file holding `verus!`. */
  file: string | null;
  /** Qualified names of exec functions; empty = all. */
  functions: string[];
  operators: MutationOperator[];
  maxMutants: number | null;
  seed: number;
  jobs: number;
  vacuity: boolean;
  /** `--against REF`: check spec changes since REF (entailment) and list trusted assumptions added since. */
  against?: string | null;
  /** Settle the erased stages through one mutant schema (default true); false: `--no-schemata`, each mutant built on its own. */
  schemata?: boolean;
}
