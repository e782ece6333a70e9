import type { MutantStatus } from './mutant-verdict.js';

/** The per-function table of a review report. */
export interface FunctionReview {
  function: string;
  file: string;
  line: number;
  /** The `ensures` keyword (else the function name): where findings about the spec are located. */
  specLine: number;
  specColumn: number;
  mutants: number;
  counts: Record<MutantStatus, number>;
  /** Mutants killed by Verus that `--reprove` proved anyway (counted as not killed in the score). */
  provenSurvivors: number;
  /** (killed − proven survivors) / (generated − stillborn − timed out − unsettled); null when nothing was scorable. */
  mutationScore: number | null;
  /** Share of the mutants settled by cargo build, cargo test or the spec tests, before any Verus run. */
  settledBeforeVerus: number | null;
  verifierCalls: number;
  vacuityFindings: number;
}
