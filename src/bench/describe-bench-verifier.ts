import { describeVerdictOrigin, type VerdictOrigin } from '../core/verdict-origin.js';
import { verdictOriginCaveat } from '../evaluate/results/summarize-origins.js';

/**
 * The line a benchmark prints under its figures: who produced the verdicts it timed, and the caveat
 * they carry (the fake reports version `fake`), so a figure of the fake's cost model is never read
 * as a measurement of Verus.
 */
export function describeBenchVerifier(origins: Iterable<VerdictOrigin>): string {
  const described = new Map<string, string | null>();
  for (const origin of origins) described.set(describeVerdictOrigin(origin), verdictOriginCaveat(origin));
  const caveats = [...new Set([...described.values()].filter((caveat): caveat is string => caveat !== null))];
  return `verdicts from: ${[...described.keys()].join('; ') || 'no verdict'}${caveats.length === 0 ? '' : ` [${caveats.join('; ')}]`}`;
}
