import type { VerdictOrigin } from '../../core/verdict-origin.js';

/**
 * One direction of a spec-change check for one function. `requires`: old requires ⟹ new requires
 * (the precondition was not strengthened). `ensures`: under the old requires, new ensures ⟹ old
 * ensures (the postcondition was not weakened). `fails` is a finding; `not-checkable` means the
 * function cannot be restated as a free lemma (methods, generics, `&mut`, ghost parameters).
 */
export interface EntailmentResult {
  function: string;
  file: string;
  line: number;
  direction: 'requires' | 'ensures';
  verdict: 'holds' | 'fails' | 'not-checkable' | 'probe-rejected' | 'timed-out' | 'unsettled';
  oldClauses: string[];
  newClauses: string[];
  /** Who produced the verifier verdict behind `verdict`; absent when none was reached. */
  origin?: VerdictOrigin;
}
