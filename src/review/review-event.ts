import type { MutantVerdict } from './mutant-verdict.js';
import type { Reproof } from './reprove/reproof.js';
import type { VacuityResult } from './vacuity-probe.js';

/** Progress of a review, for the NDJSON stream (`--json`) and the TTY progress line. */
export type ReviewEvent =
  | { type: 'review-started'; mutants: number; probes: number }
  | { type: 'mutant-settled'; id: string; function: string; verdict: MutantVerdict; settled: number; total: number }
  | { type: 'probe-settled'; result: VacuityResult; settled: number; total: number }
  | { type: 'mutant-reproved'; id: string; function: string; reproof: Reproof; settled: number; total: number }
  | { type: 'review-finished'; findings: number };
