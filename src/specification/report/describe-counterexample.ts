import type { Counterexample, NamedValue, WeakPostconditionWitness } from './spec-check-report.js';

const PANIC_MEANING = {
  'arithmetic-overflow': 'an arithmetic overflow, which Verus would have to prove absent',
  'index-out-of-bounds': 'an index out of bounds, which Verus would have to prove absent',
  other: 'a panic in the exec code',
} as const;

/** One readable line: `clamp(x = 0, lo = 0, hi = 0) returned 0: ensures lo <= r && r < hi is false`. */
export function describeCounterexample(functionName: string, counterexample: Counterexample): string {
  const call = `${functionName}(${listValues(counterexample.inputs)})`;
  if (counterexample.kind === 'invariant-false') {
    const when = counterexample.iteration === 0 ? 'on entry to the loop' : `after iteration ${counterexample.iteration}`;
    return `${call}: invariant ${counterexample.invariant.text} of ${counterexample.loopId} (line ${counterexample.invariant.line}) is false ${when}, with ${listValues(counterexample.values)}`;
  }
  if (counterexample.kind === 'panic') {
    const where = counterexample.location === '' ? '' : ` at ${counterexample.location}`;
    return `${call} panicked${where}: ${counterexample.message} (${PANIC_MEANING[counterexample.panic]})`;
  }
  const left = counterexample.after.length === 0 ? '' : `${counterexample.result === '()' ? ' left' : ', leaving'} ${listValues(counterexample.after)}`;
  const returned = counterexample.result === '()' && counterexample.after.length > 0 ? '' : ` returned ${counterexample.result}`;
  return `${call}${returned}${left}: ensures ${counterexample.clause.text} is false`;
}

/** `ensures accepts max_index(v = [0, 0]) == 1 (the code returns 0)`. */
export function describeWeakWitness(functionName: string, witness: WeakPostconditionWitness): string {
  return `ensures accepts ${functionName}(${listValues(witness.inputs)}) == ${witness.accepted} (the code returns ${witness.result})`;
}

function listValues(values: NamedValue[]): string {
  return values.map((entry) => `${entry.name} = ${entry.value}`).join(', ');
}
