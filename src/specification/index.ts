/**
 * The spec room: what reasons about specifications, below both repair and review: the entailment
 * lemmas of a spec change (repair's --allow-spec-change and review --against), the free-lemma
 * restatement the vacuity probes share with them, and the executable checks (check-spec): run a
 * function's erased exec code on generated inputs and check its requires/ensures, compiled by vstd's
 * exec_spec_unverified!. This file is its one door.
 */
export { checkSpec, DEFAULT_SPEC_CHECK_INPUTS, DEFAULT_CALL_TIMEOUT_MS, type CheckSpecRequest } from './check-spec.js';
export { MAXIMUM_INTERRUPTIONS } from './harness/run-function-check.js';
export type { SpecCheckReport, SpecCheckRun, SpecCheckTotals, InterruptedInputs, FunctionSpecCheck, ClauseStatus, ClauseReference, Counterexample, NamedValue, InputCounts, WeakPostconditionWitness } from './report/spec-check-report.js';
export { describeCounterexample, describeWeakWitness } from './report/describe-counterexample.js';
export { renderSpecCheck } from './report/render-spec-check.js';
export { adaptSpecText, type AdaptOptions } from './translate/adapt-spec-text.js';
export type { Adaptation } from './translate/adaptation.js';

/** Whether a report holds a counterexample (check-spec exits 1). */
export function hasCounterexample(report: import('./report/spec-check-report.js').SpecCheckReport): boolean {
  return report.functions.some((result) => result.status === 'checked' && result.counterexamples.length > 0);
}
export { testLoopInvariants, type LoopInvariantTest, type LoopInvariantTestRequest, type FalsifiedInvariant } from './invariants/test-loop-invariants.js';
export { instrumentLoopInvariants, type InstrumentedSource } from './invariants/instrument-loop-invariants.js';
export type { InvariantProbe, UntestedInvariant } from './invariants/invariant-probe.js';
export { checkSpecEntailment, type VerifyEntailmentLemma, type EntailmentLemmaVariant, type EntailmentLemmaOutcome } from './entailment/check-spec-entailment.js';
export type { EntailmentResult } from './entailment/entailment-result.js';
export { describeEntailment } from './entailment/describe-entailment.js';
export { buildEntailmentLemmas } from './entailment/build-entailment-lemmas.js';
export { canRestateAsFreeLemma, freeLemmaParameters, renderFreeLemma } from './entailment/free-lemma.js';
export { settleAll } from './settle-all.js';
