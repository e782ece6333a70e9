import { describeCounterexample, type FunctionSpecCheck, type LoopInvariantTest, type SpecCheckReport, type UntestedInvariant } from '../../specification/index.js';

/** One function's spec check as the ledger note, the report and the events carry it. */
export interface FunctionSpecSummary {
  function: string;
  status: FunctionSpecCheck['status'];
  executableClauses: number;
  clauses: number;
  tried: number;
  satisfyingRequires: number;
  /** Readable lines (describeCounterexample), smallest first. */
  counterexamples: string[];
  /** Why nothing ran (not executable, harness failed, timed out). */
  reason: string | null;
}

/** The original's spec check at a counterexample level (check-original-spec.ts). */
export interface SpecCheckSummary {
  functions: FunctionSpecSummary[];
  executableClauses: number;
  clauses: number;
  counterexamples: string[];
  buildMs: number;
  runMs: number;
}

/** A candidate's loop invariants tested before Verus (test-candidate-invariants.ts). */
export interface InvariantTestSummary {
  status: LoopInvariantTest['status'];
  tested: number;
  /** The smallest input per function that falsified an invariant, as a readable line. */
  falsified: Array<{ function: string; loopId: string; invariant: string; line: number; input: string; iteration: number; values: string; description: string }>;
  untested: UntestedInvariant[];
  reason: string | null;
  buildMs: number;
  runMs: number;
}

/** What running the erased code showed about a checked candidate; recorded as the Counterexample trailer and in the note. */
export interface CandidateCounterexamples {
  trailer: string;
  specCheck?: SpecCheckSummary;
  invariantTest?: InvariantTestSummary;
}

export function summarizeSpecCheck(report: SpecCheckReport): SpecCheckSummary {
  const functions = report.functions.map((result): FunctionSpecSummary => ({
    function: result.function,
    status: result.status,
    executableClauses: result.clauses.filter((clause) => clause.status === 'executable').length,
    clauses: result.clauses.length,
    tried: result.status === 'checked' ? result.counts.tried : 0,
    satisfyingRequires: result.status === 'checked' ? result.counts.satisfyingRequires : 0,
    counterexamples: result.status === 'checked' ? result.counterexamples.map((counterexample) => describeCounterexample(result.function, counterexample)) : [],
    reason: result.status === 'checked' ? null : result.status === 'timed-out' ? `a call timed out after ${result.timeoutMs} ms` : result.reason.split('\n')[0] ?? result.reason,
  }));
  return {
    functions,
    executableClauses: functions.reduce((total, entry) => total + entry.executableClauses, 0),
    clauses: functions.reduce((total, entry) => total + entry.clauses, 0),
    counterexamples: functions.flatMap((entry) => entry.counterexamples),
    buildMs: report.run.buildMs,
    runMs: report.run.runMs,
  };
}

export function summarizeInvariantTest(test: LoopInvariantTest): InvariantTestSummary {
  const list = (values: Array<{ name: string; value: string }>) => values.map((entry) => `${entry.name} = ${entry.value}`).join(', ');
  return {
    status: test.status,
    tested: test.status === 'not-tested' ? 0 : test.tested,
    falsified: test.status !== 'falsified' ? [] : test.falsified.map((entry) => ({
      function: entry.function, loopId: entry.loopId, invariant: entry.invariant.text, line: entry.invariant.line, input: list(entry.inputs), iteration: entry.iteration, values: list(entry.values), description: entry.description,
    })),
    untested: test.untested,
    reason: test.status === 'not-tested' ? test.reason : null,
    buildMs: test.buildMs,
    runMs: test.runMs,
  };
}
