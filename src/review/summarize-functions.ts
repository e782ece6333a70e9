import type { FunctionItem } from '../ir/index.js';
import type { FunctionReview } from './function-review.js';
import type { Mutant } from './mutant.js';
import type { Reproof } from './reprove/reproof.js';
import { MUTANT_STATUSES, type MutantStatus, type MutantVerdict } from './mutant-verdict.js';
import type { VacuityResult } from './vacuity-probe.js';

/** Builds the per-function table from the settled mutants and vacuity results. */
export function summarizeFunctions(functions: ReadonlyArray<{ fn: FunctionItem; file: string }>, mutants: ReadonlyArray<{ mutant: Mutant; verdict: MutantVerdict; reproof?: Reproof }>, vacuity: readonly VacuityResult[]): FunctionReview[] {
  return functions.map(({ fn, file }) => {
    const own = mutants.filter((entry) => entry.mutant.function === fn.qualifiedName && entry.mutant.file === file);
    const counts = Object.fromEntries(MUTANT_STATUSES.map((status) => [status, 0])) as Record<MutantStatus, number>;
    for (const entry of own) counts[entry.verdict.status]++;
    const provenSurvivors = own.filter((entry) => entry.reproof?.status === 'proved').length;
    const killed = counts['killed-by-tests'] + counts['killed-by-spec-tests'] + counts['killed-by-verus'] - provenSurvivors;
    const scorable = own.length - counts.stillborn - counts['timed-out'] - counts.unsettled;
    const beforeVerus = counts.stillborn + counts['killed-by-tests'] + counts['killed-by-spec-tests'];
    const probes = vacuity.filter((result) => result.probe.function === fn.qualifiedName && result.probe.file === file);
    const ensures = fn.clauses.find((clause) => clause.kind === 'ensures')?.keyword.span ?? fn.nameSpan;
    return {
      function: fn.qualifiedName,
      file,
      line: fn.nameSpan.lineStart,
      specLine: ensures.lineStart,
      specColumn: ensures.columnStart,
      mutants: own.length,
      counts,
      provenSurvivors,
      mutationScore: scorable > 0 ? killed / scorable : null,
      settledBeforeVerus: own.length > 0 ? beforeVerus / own.length : null,
      verifierCalls: own.filter((entry) => entry.verdict.settledBy === 'verus').length + probes.filter((result) => result.verdict !== 'probe-rejected').length,
      vacuityFindings: probes.filter((result) => result.verdict === 'vacuous').length,
    };
  });
}
