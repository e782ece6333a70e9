import type { EntailmentResult } from './entailment-result.js';

/** The `Spec-Entailment` trailer: `holds`, or each direction that did not hold, e.g. `binary_search.ensures fails`. */
export function describeEntailment(results: readonly EntailmentResult[]): string {
  const problems = results.filter((result) => result.verdict !== 'holds').map((result) => `${result.function}.${result.direction} ${result.verdict}`);
  return results.length === 0 ? 'no requires or ensures changed' : problems.length === 0 ? 'holds' : problems.join(', ');
}
