import type { MutantVerdict } from './mutant-verdict.js';
import type { OriginalPrecheckNote } from './original-precheck-note.js';
import type { Reproof } from './reprove/reproof.js';
import type { VacuityResult } from './vacuity-probe.js';
import type { ReviewSpecCheck } from './spec-tests/review-spec-check.js';

/** Progress of a review, for the NDJSON stream (`--json`) and the TTY progress line. */
export type ReviewEvent =
  /** `originalPrecheck`: the original's erased pre-check when it was not a plain pass (not applicable, fixed, or its tests fail). */
  | { type: 'review-started'; mutants: number; probes: number; originalPrecheck?: OriginalPrecheckNote | null }
  /** The original's functions run against their specs (before any mutant): counterexamples and weak-postcondition witnesses. */
  | { type: 'spec-checked'; checks: ReviewSpecCheck[] }
  | { type: 'mutant-settled'; id: string; function: string; verdict: MutantVerdict; settled: number; total: number }
  | { type: 'probe-settled'; result: VacuityResult; settled: number; total: number }
  | { type: 'mutant-reproved'; id: string; function: string; reproof: Reproof; settled: number; total: number }
  | { type: 'review-finished'; findings: number };
