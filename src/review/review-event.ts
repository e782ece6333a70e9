import type { MutantVerdict } from './mutant-verdict.js';
import type { PrecheckWaiver } from '../verifier/precheck/precheck-waiver.js';
import type { Reproof } from './reprove/reproof.js';
import type { VacuityResult } from './vacuity-probe.js';
import type { ReviewSpecCheck } from './spec-tests/review-spec-check.js';

/** Progress of a review, for the NDJSON stream (`--json`) and the TTY progress line. */
export type ReviewEvent =
  /** `precheckWaiver`: the original fails these erased pre-check steps while Verus verifies it, so no mutant or probe runs them. */
  | { type: 'review-started'; mutants: number; probes: number; precheckWaiver?: PrecheckWaiver | null }
  /** The original's functions run against their specs (before any mutant): counterexamples and weak-postcondition witnesses. */
  | { type: 'spec-checked'; checks: ReviewSpecCheck[] }
  | { type: 'mutant-settled'; id: string; function: string; verdict: MutantVerdict; settled: number; total: number }
  | { type: 'probe-settled'; result: VacuityResult; settled: number; total: number }
  | { type: 'mutant-reproved'; id: string; function: string; reproof: Reproof; settled: number; total: number }
  | { type: 'review-finished'; findings: number };
