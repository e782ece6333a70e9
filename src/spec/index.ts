/**
 * The spec room: what reasons about specifications, below both repair and review. Today the
 * executable checks (check-spec): run a function's erased exec code on generated inputs and check
 * its requires/ensures, compiled by vstd's exec_spec_unverified!. This file is its one door.
 */
export { checkSpec, DEFAULT_SPEC_CHECK_INPUTS, DEFAULT_CALL_TIMEOUT_MS, type CheckSpecRequest } from './check-spec.js';
export type { SpecCheckReport, SpecCheckRun, FunctionSpecCheck, ClauseStatus, ClauseReference, Counterexample, NamedValue, InputCounts, WeakPostconditionWitness } from './spec-check-report.js';
export { describeCounterexample, describeWeakWitness } from './describe-counterexample.js';
export { renderSpecCheck } from './render-spec-check.js';
export { adaptSpecText, type AdaptOptions } from './adapt-spec-text.js';
export type { Adaptation } from './adaptation.js';

/** Whether a report holds a counterexample (check-spec exits 1). */
export function hasCounterexample(report: import('./spec-check-report.js').SpecCheckReport): boolean {
  return report.functions.some((result) => result.status === 'checked' && result.counterexamples.length > 0);
}
export { testLoopInvariants, type LoopInvariantTest, type LoopInvariantTestRequest, type FalsifiedInvariant } from './test-loop-invariants.js';
export { instrumentLoopInvariants, type InstrumentedSource } from './instrument-loop-invariants.js';
export type { InvariantProbe, UntestedInvariant } from './invariant-probe.js';
