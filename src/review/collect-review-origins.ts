import { describeModelOrigin, type ModelOrigin } from '../core/model-origin.js';
import { describeVerdictOrigin, type VerdictOrigin } from '../core/verdict-origin.js';
import type { EntailmentResult } from '../specification/index.js';
import type { SettledMutant } from './review-result.js';
import type { VacuityResult } from './vacuity-probe.js';

/**
 * The distinct origins of every verifier verdict a review rests on: the original's check, each
 * mutant's, each vacuity probe's and entailment check's, and the re-proofs' repair runs. The
 * original's comes first; one origin is listed once however many verdicts it produced.
 */
export function collectReviewOrigins(original: VerdictOrigin, mutants: readonly SettledMutant[], vacuity: readonly VacuityResult[], entailment: readonly EntailmentResult[]): VerdictOrigin[] {
  const all = [
    original,
    ...mutants.flatMap(({ verdict, reproof }) => [...('origin' in verdict ? [verdict.origin] : []), ...(reproof !== undefined && 'origins' in reproof ? reproof.origins.verifier : [])]),
    ...vacuity.flatMap((result) => (result.origin === undefined ? [] : [result.origin])),
    ...entailment.flatMap((result) => (result.origin === undefined ? [] : [result.origin])),
  ];
  return distinctBy(all, describeVerdictOrigin);
}

/** Where the re-proofs' model answers came from (none without `--reprove`). */
export function collectReproofModelOrigins(mutants: readonly SettledMutant[]): ModelOrigin[] {
  return distinctBy(mutants.flatMap(({ reproof }) => (reproof !== undefined && 'origins' in reproof ? [reproof.origins.model] : [])), describeModelOrigin);
}

/** Every origin of a review's verdicts on one line (`; ` between them): the Verifier trailer, `log --reviews`, the reports. */
export function describeReviewOrigins(review: { origins: readonly VerdictOrigin[] }): string {
  return review.origins.map(describeVerdictOrigin).join('; ') || 'no verdict was reached';
}

/** The re-proofs' model origins on one line. */
export function describeReproofModelOrigins(mutants: readonly SettledMutant[]): string {
  return collectReproofModelOrigins(mutants).map(describeModelOrigin).join('; ') || 'no model was asked';
}

function distinctBy<T>(values: readonly T[], describe: (value: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const value of values) if (!seen.has(describe(value))) seen.set(describe(value), value);
  return [...seen.values()];
}
