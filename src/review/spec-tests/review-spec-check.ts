import type { InputCounts } from '../../specification/index.js';

/**
 * The spec check of one reviewed function of the original (its erased code run on generated inputs,
 * with output perturbation). `counterexamples`: inputs on which the original breaks its own
 * requires/ensures (each a finding). `weakWitness`: a different result every ensures also accepts
 * (a `weak-postcondition-witness` finding; a spec meant to allow several answers shows this too).
 * `reason`: why no claim was made when the function was not checked (a clause not executable, the
 * harness did not build, a call timed out). A not-executable clause never gives a claim.
 */
export interface ReviewSpecCheck {
  function: string;
  file: string;
  line: number;
  status: 'checked' | 'not-executable' | 'harness-failed' | 'timed-out';
  executableClauses: number;
  clauses: number;
  counts: InputCounts | null;
  /** Each clause the harness could not run, with the first line of the reason: it gives no claim. */
  notExecutable: string[];
  counterexamples: string[];
  weakWitness: string | null;
  reason: string | null;
}

/** What a weak-postcondition witness means, said wherever one is reported. */
export const WEAK_WITNESS_CAVEAT = 'a spec meant to allow several answers shows this too';
