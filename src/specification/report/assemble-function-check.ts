import type { Exclusions } from '../harness/build-harness.js';
import { describeInterruptions } from './describe-interruptions.js';
import type { ClausePlan, FunctionCheckPlan, PlannedFunction } from '../plan/function-check-plan.js';
import { INVARIANT_PANIC_MARKER, type InvariantProbe } from '../invariants/invariant-probe.js';
import { clauseRefusal, describeMissingRequires } from '../plan/plan-function-check.js';
import type { HarnessRun } from '../harness/run-function-check.js';
import type { SpecFunctionSource } from '../types/spec-function-source.js';
import type { ClauseStatus, Counterexample, FunctionSpecCheck, NamedValue } from './spec-check-report.js';

/** Each clause's status: executable, or the first reason it is not (its own, a spec fn it calls, or a rustc error). */
export function describeClauses(clauses: ClausePlan[], specFunctions: ReadonlyMap<string, SpecFunctionSource>, exclusions: Exclusions, specPanics: ReadonlyMap<string, number> = new Map()): ClauseStatus[] {
  return clauses.map((clause) => {
    const reason = clauseReason(clause, specFunctions, exclusions);
    const key = `${clause.reference.kind}:${clause.reference.index}`;
    return reason === null ? { ...clause.reference, status: 'executable', specPanics: specPanics.get(key) ?? 0 } : { ...clause.reference, status: 'not-executable', reason };
  });
}

function clauseReason(clause: ClausePlan, specFunctions: ReadonlyMap<string, SpecFunctionSource>, exclusions: Exclusions): string | null {
  const refusal = clauseRefusal(clause, specFunctions);
  if (refusal !== null) return refusal;
  for (const name of clause.dependencies) {
    const error = exclusions.specFunctions.get(name);
    if (error !== undefined) return `uses spec fn ${name}, which the macro did not compile:\n${error}`;
  }
  const error = exclusions.clauses.get(clause.id);
  return error === undefined ? null : `the macro's output for it does not compile:\n${error}`;
}

export function assembleNotExecutable(planned: Extract<PlannedFunction, { kind: 'not-executable' }>, specFunctions: ReadonlyMap<string, SpecFunctionSource>, exclusions: Exclusions): FunctionSpecCheck {
  return { function: planned.name, file: planned.file, line: planned.line, status: 'not-executable', reason: planned.reason, clauses: describeClauses(planned.clauses, specFunctions, exclusions), notes: [] };
}

/** The run's lines as the function's result: counts, counterexamples (already shrunk by the harness), notes. */
export function assembleRun(plan: FunctionCheckPlan, run: HarnessRun, specFunctions: ReadonlyMap<string, SpecFunctionSource>, exclusions: Exclusions, probes: readonly InvariantProbe[] = []): FunctionSpecCheck {
  const base = { function: plan.name, file: plan.file, line: plan.line };
  const named = (values: string[], names: string[]): NamedValue[] => values.map((value, position) => ({ name: names[position] ?? `#${position}`, value }));
  const parameterNames = plan.parameters.map((parameter) => parameter.name);
  const mutableNames = plan.parameters.filter((parameter) => parameter.passing === 'mutable').map((parameter) => parameter.name);
  const summary = run.lines.find((line) => line.type === 'summary');
  const specPanics = new Map((summary?.type === 'summary' ? summary.specPanics : []).map((entry) => [`ensures:${entry.clause}`, entry.count]));
  const clauses = describeClauses(plan.clauses, specFunctions, exclusions, specPanics);
  // A requires rustc rejected leaves the inputs unfiltered: the harness does not run such a function (generateHarness).
  const missing = clauses.find((clause) => clause.kind === 'requires' && clause.status === 'not-executable');
  if (missing?.status === 'not-executable') return { ...base, status: 'not-executable', reason: describeMissingRequires(missing.index, missing.reason), clauses, notes: [] };
  if (!run.ok) return { ...base, status: 'harness-failed', reason: run.reason, clauses, notes: [] };
  const { interrupted, notes: interruptionNotes } = describeInterruptions(run.interruptions, run.untried, (values) => named(values, parameterNames));
  const firstTimeout = run.interruptions.find((line) => line.type === 'timed-out' && line.phase === 'call');
  const finished = summary?.type === 'summary' ? summary.tried : 0;
  if (finished === 0 && firstTimeout?.type === 'timed-out') return { ...base, status: 'timed-out', inputs: named(firstTimeout.inputs, parameterNames), timeoutMs: firstTimeout.timeoutMs, clauses, notes: interruptionNotes, interrupted };
  const counterexamples: Counterexample[] = [];
  for (const line of run.lines) {
    const invariant = line.type === 'panic' ? readInvariantPanic(line.message, probes) : null;
    if (invariant !== null && line.type === 'panic') counterexamples.push({ kind: 'invariant-false', inputs: named(line.inputs, parameterNames), ...invariant });
    else if (line.type === 'panic') counterexamples.push({ kind: 'panic', panic: classifyPanic(line.message), inputs: named(line.inputs, parameterNames), message: line.message, location: line.location });
    if (line.type === 'ensures-false') {
      const clause = plan.clauses.find((candidate) => candidate.reference.kind === 'ensures' && candidate.reference.index === line.clause);
      if (clause !== undefined) counterexamples.push({ kind: 'ensures-false', inputs: named(line.inputs, parameterNames), result: line.result, after: named(line.after, mutableNames), clause: clause.reference });
    }
  }
  const counts = summary?.type === 'summary' ? { tried: summary.tried, satisfyingRequires: summary.satisfying, exhaustive: summary.exhaustive, requiresPanicked: summary.requiresPanicked } : { tried: 0, satisfyingRequires: 0, exhaustive: 0, requiresPanicked: 0 };
  const notes = [...notesFor(counts, clauses, run.ok ? run.ignored : 0), ...interruptionNotes];
  const witnessLine = run.lines.find((line) => line.type === 'weak-witness');
  // With an ensures left out, the executable ones may accept what the missing one would reject: no witness then.
  const allEnsuresChecked = clauses.filter((clause) => clause.kind === 'ensures').every((clause) => clause.status === 'executable');
  if (witnessLine?.type === 'weak-witness' && !allEnsuresChecked) notes.push('output perturbation found an accepted result, but not every ensures is executable, so it is not reported as a witness');
  const weakWitness = witnessLine?.type === 'weak-witness' && allEnsuresChecked ? { inputs: named(witnessLine.inputs, parameterNames), result: witnessLine.result, accepted: witnessLine.accepted } : null;
  return { ...base, status: 'checked', clauses, counts, counterexamples, notes, ...(witnessLine === undefined && weakWitness === null ? {} : { weakWitness }), interrupted };
}

/** Why evaluating a clause can panic (spec-value-helpers.ts); such an input is never a counterexample. */
const EVALUATION_PANICS = 'a value beyond i128, a division by zero, an index or a cast out of range, or the recursion budget of a spec fn';

function notesFor(counts: { tried: number; satisfyingRequires: number; requiresPanicked: number }, clauses: ClauseStatus[], ignored: number): string[] {
  const notes: string[] = [];
  if (counts.tried > 0 && counts.satisfyingRequires === 0) notes.push(`no input out of ${counts.tried} satisfied the requires: a contradictory or very narrow precondition?`);
  if (counts.requiresPanicked > 0) notes.push(`${counts.requiresPanicked} inputs were skipped: evaluating a requires panicked (${EVALUATION_PANICS})`);
  for (const clause of clauses) {
    if (clause.status !== 'executable' || clause.specPanics === 0 || clause.kind !== 'ensures') continue;
    // Every satisfying input panicked in it: executable, yet decided on no input, so not checked at all.
    if (clause.specPanics >= counts.satisfyingRequires) notes.push(`ensures[${clause.index}] was decided on no input: evaluating it panicked on all ${clause.specPanics} inputs that satisfied the requires (${EVALUATION_PANICS}, or a quantifier over an unbounded type that its search window could not decide); it was not checked`);
    else notes.push(`ensures[${clause.index}] could not be evaluated on ${clause.specPanics} inputs (it panicked: ${EVALUATION_PANICS}); those inputs were not checked against it`);
  }
  if (ignored > 0) notes.push(`${ignored} lines of harness output were not understood and were ignored`);
  return notes;
}

function classifyPanic(message: string): 'arithmetic-overflow' | 'index-out-of-bounds' | 'other' {
  if (/with overflow/.test(message)) return 'arithmetic-overflow';
  if (/index out of bounds|range end index|range start index|out of range for slice/.test(message)) return 'index-out-of-bounds';
  return 'other';
}

/** The trace a probe's panic carries (generate-harness.ts), or null for any other panic. */
function readInvariantPanic(message: string, probes: readonly InvariantProbe[]): Omit<Extract<Counterexample, { kind: 'invariant-false' }>, 'kind' | 'inputs'> | null {
  if (!message.startsWith(`${INVARIANT_PANIC_MARKER}:`)) return null;
  try {
    const trace = JSON.parse(message.slice(INVARIANT_PANIC_MARKER.length + 1)) as { probe: number; clause: number; iteration: number; values: string[] };
    const probe = probes.find((entry) => entry.index === trace.probe);
    const clause = probe?.clauses[trace.clause];
    if (probe === undefined || clause === undefined) return null;
    return { loopId: probe.loopId, invariant: { text: clause.text, line: clause.line }, iteration: trace.iteration, values: probe.variables.map((variable, position) => ({ name: variable.name, value: trace.values[position] ?? '?' })) };
  } catch {
    return null;
  }
}
