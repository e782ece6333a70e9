import type { FunctionSpecCheck } from '../../specification/index.js';
import type { CrateCoverage } from './measure-spec-coverage.js';
import { groupNotExecutableReason } from './summarize-spec-coverage.js';

/** Where one function of a corpus run ended; each function is in exactly one. */
export type CoverageOutcome = 'checked' | 'counterexample' | 'not-executable' | 'build-failed' | 'timed-out' | 'nothing-checked';

export interface CoverageRow {
  outcome: CoverageOutcome;
  functions: number;
  /** Ensures clauses of these functions evaluated on at least one input, of all their ensures. */
  ensuresChecked: number;
  ensures: number;
  /** For not-executable, build-failed and nothing-checked: the functions by reason (most frequent first), each named `<crate>::<function>`. */
  reasons: Array<{ reason: string; functions: string[] }>;
}

export interface SpecCoverageTable {
  crates: number;
  /** Crates that could not be read at all (no verus! block that parses), with why. */
  unreadable: Array<{ crate: string; error: string }>;
  rows: CoverageRow[];
  total: { functions: number; ensuresChecked: number; ensures: number };
  inputsChecked: number;
  counterexamples: number;
  timeouts: number;
  functionsWithTimeouts: number;
  memoryExceeded: number;
  functionsOverMemory: number;
  untried: number;
}

const OUTCOMES: readonly CoverageOutcome[] = ['checked', 'counterexample', 'not-executable', 'build-failed', 'timed-out', 'nothing-checked'];

/** The table of a corpus run (pure): every function's outcome, and the inputs that did not finish. */
export function tabulateSpecCoverage(crates: readonly CrateCoverage[]): SpecCoverageTable {
  const rows = new Map(OUTCOMES.map((outcome) => [outcome, { outcome, functions: 0, ensuresChecked: 0, ensures: 0, reasons: new Map<string, string[]>() }]));
  const table = { inputsChecked: 0, counterexamples: 0, timeouts: 0, functionsWithTimeouts: 0, memoryExceeded: 0, functionsOverMemory: 0, untried: 0 };
  for (const entry of crates) {
    if (entry.report === null) continue;
    for (const result of entry.report.functions) {
      const { outcome, reason, ensuresChecked } = classify(result);
      const row = rows.get(outcome)!;
      row.functions++;
      row.ensuresChecked += ensuresChecked;
      row.ensures += result.clauses.filter((clause) => clause.kind === 'ensures').length;
      if (reason !== null) row.reasons.set(reason, [...(row.reasons.get(reason) ?? []), `${entry.crate.label}::${result.function}`]);
      if (result.status === 'checked') {
        table.counterexamples += result.counterexamples.length;
        if (ensuresChecked > 0) table.inputsChecked += result.counts.satisfyingRequires;
      }
      const interrupted = result.status === 'checked' || result.status === 'timed-out' ? result.interrupted : undefined;
      if (interrupted !== undefined) {
        table.timeouts += interrupted.timedOut;
        table.functionsWithTimeouts += interrupted.timedOut > 0 ? 1 : 0;
        table.memoryExceeded += interrupted.memoryExceeded;
        table.functionsOverMemory += interrupted.memoryExceeded > 0 ? 1 : 0;
        table.untried += interrupted.untried;
      }
    }
  }
  const finished = [...rows.values()].map((row) => ({ ...row, reasons: [...row.reasons].map(([reason, functions]) => ({ reason, functions })).sort((left, right) => right.functions.length - left.functions.length || left.reason.localeCompare(right.reason)) }));
  return {
    crates: crates.length,
    unreadable: crates.flatMap((entry) => (entry.report === null ? [{ crate: entry.crate.label, error: entry.error }] : [])),
    rows: finished,
    total: finished.reduce((sum, row) => ({ functions: sum.functions + row.functions, ensuresChecked: sum.ensuresChecked + row.ensuresChecked, ensures: sum.ensures + row.ensures }), { functions: 0, ensuresChecked: 0, ensures: 0 }),
    ...table,
  };
}

/** One function's line of the JSON report: where it ended and on what. */
export interface CoverageFunction {
  crate: string;
  function: string;
  file: string;
  line: number;
  outcome: CoverageOutcome;
  reason: string | null;
  ensures: number;
  ensuresChecked: number;
  inputsChecked: number;
  timedOut: number;
  memoryExceeded: number;
}

export function describeCoverageFunctions(crates: readonly CrateCoverage[]): CoverageFunction[] {
  return crates.flatMap((entry) => (entry.report === null ? [] : entry.report.functions.map((result) => {
    const { outcome, reason, ensuresChecked } = classify(result);
    const interrupted = result.status === 'checked' || result.status === 'timed-out' ? result.interrupted : undefined;
    return {
      crate: entry.crate.label, function: result.function, file: result.file, line: result.line, outcome, reason,
      ensures: result.clauses.filter((clause) => clause.kind === 'ensures').length, ensuresChecked,
      inputsChecked: result.status === 'checked' && ensuresChecked > 0 ? result.counts.satisfyingRequires : 0,
      timedOut: interrupted?.timedOut ?? 0, memoryExceeded: interrupted?.memoryExceeded ?? 0,
    };
  })));
}

function classify(result: FunctionSpecCheck): { outcome: CoverageOutcome; reason: string | null; ensuresChecked: number } {
  switch (result.status) {
    case 'not-executable':
      return { outcome: 'not-executable', reason: groupNotExecutableReason(result.reason), ensuresChecked: 0 };
    case 'harness-failed':
      return { outcome: 'build-failed', reason: describeBuildFailure(result.reason), ensuresChecked: 0 };
    case 'timed-out':
      return { outcome: 'timed-out', reason: null, ensuresChecked: 0 };
    case 'checked': {
      const satisfying = result.counts.satisfyingRequires;
      const ensuresChecked = result.clauses.filter((clause) => clause.kind === 'ensures' && clause.status === 'executable' && satisfying > clause.specPanics).length;
      if (result.counterexamples.length > 0) return { outcome: 'counterexample', reason: null, ensuresChecked };
      if (ensuresChecked > 0) return { outcome: 'checked', reason: null, ensuresChecked };
      const refused = result.clauses.find((clause) => clause.kind === 'ensures' && clause.status === 'not-executable');
      if (refused?.status === 'not-executable' && result.clauses.filter((clause) => clause.kind === 'ensures').every((clause) => clause.status === 'not-executable')) return { outcome: 'not-executable', reason: `every ensures: ${groupNotExecutableReason(refused.reason)}`, ensuresChecked };
      return { outcome: 'nothing-checked', reason: satisfying === 0 ? (result.counts.tried === 0 ? 'no input finished' : 'no input satisfied the requires') : 'evaluating the ensures panicked on every input', ensuresChecked };
    }
  }
}

/** A harness that did not build or run, by cause: rustc's error code in the crate itself, or the first words of what happened. */
export function describeBuildFailure(reason: string): string {
  const code = /error\[(E\d+)\]/.exec(reason);
  if (/^the harness crate did not build/.test(reason)) return code === null ? `the crate does not build: ${(reason.split('\n')[0] ?? '').replace(/^the harness crate did not build: /, '').slice(0, 80)}` : `the crate does not build (error[${code[1]}])`;
  if (/^the harness call of this function does not compile/.test(reason)) return `the harness call does not compile${code === null ? '' : ` (error[${code[1]}])`}`;
  if (/^the harness still did not build/.test(reason)) return `the harness did not build after its retries${code === null ? '' : ` (error[${code[1]}])`}`;
  return (reason.split('\n')[0] ?? reason).replace(/: .*$/, '').slice(0, 80);
}
