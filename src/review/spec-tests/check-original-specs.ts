import type { FunctionItem } from '../../ir/index.js';
import { checkSpec, describeCounterexample, describeWeakWitness, type FunctionSpecCheck } from '../../specification/index.js';
import type { ReviewSpecCheck } from './review-spec-check.js';
import type { SpecTestSettings } from './spec-test-settings.js';

/**
 * Runs the reviewed exec functions of the original against their requires/ensures (one harness
 * build for all) with output perturbation. A function the harness cannot check gives no claim, with
 * the reason; a harness that cannot be set up at all (a crate check-spec refuses) leaves every
 * function unchecked, and the review goes on without spec tests for them.
 */
export async function checkOriginalSpecs(crateDir: string, functions: ReadonlyArray<{ fn: FunctionItem; file: string }>, settings: SpecTestSettings, signal?: AbortSignal): Promise<ReviewSpecCheck[]> {
  const targets = selectSpecTestTargets(functions);
  if (targets.length === 0) return [];
  try {
    const report = await checkSpec({ crateDir, functions: targets.map(({ fn }) => fn.qualifiedName), perturbResults: true, inputs: settings.inputs, seed: settings.seed, config: settings.config, environment: settings.environment, ...(signal === undefined ? {} : { signal }) });
    return report.functions.map(summarize);
  } catch (error) {
    if (signal?.aborted === true) throw error;
    const reason = `the spec-check harness could not run: ${error instanceof Error ? error.message : String(error)}`;
    return targets.map(({ fn, file }) => ({ function: fn.qualifiedName, file, line: fn.nameSpan.lineStart, status: 'harness-failed', executableClauses: 0, clauses: fn.clauses.length, notExecutable: [], counts: null, counterexamples: [], weakWitness: null, reason }));
  }
}

/** The reviewed functions spec tests run on: exec functions with a body. */
export function selectSpecTestTargets<T extends { fn: FunctionItem }>(functions: readonly T[]): T[] {
  return functions.filter(({ fn }) => fn.baseMode === 'exec' && fn.body !== null);
}

function summarize(result: FunctionSpecCheck): ReviewSpecCheck {
  const base = { function: result.function, file: result.file, line: result.line, executableClauses: result.clauses.filter((clause) => clause.status === 'executable').length, clauses: result.clauses.length, notExecutable: result.clauses.flatMap((clause) => (clause.status === 'not-executable' ? [`${clause.kind} ${clause.text}: ${firstLines(clause.reason)}`] : [])) };
  switch (result.status) {
    case 'checked':
      return { ...base, status: 'checked', counts: result.counts, counterexamples: result.counterexamples.map((counterexample) => describeCounterexample(result.function, counterexample)), weakWitness: result.weakWitness == null ? null : describeWeakWitness(result.function, result.weakWitness), reason: null };
    case 'timed-out':
      return { ...base, status: 'timed-out', counts: null, counterexamples: [], weakWitness: null, reason: `a call did not return within ${result.timeoutMs} ms` };
    case 'not-executable':
    case 'harness-failed':
      return { ...base, status: result.status, counts: null, counterexamples: [], weakWitness: null, reason: result.reason };
  }
}

/** A reason's first line, and the next one when the first only introduces it (`... does not compile:` then rustc's error). */
function firstLines(reason: string): string {
  const [first = '', second] = reason.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return first.endsWith(':') && second !== undefined ? `${first} ${second}` : first;
}
