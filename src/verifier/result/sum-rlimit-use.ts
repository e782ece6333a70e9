import type { FunctionOutcome } from '../../core/verifier-result.js';

/**
 * The Z3 `rlimit-count` a run used, summed over its functions (times-ms function breakdown, V
 * rust_verify/src/main.rs:394-409); null when Verus reported none (cvc5, or no `smt` block after a
 * well-formedness error).
 */
export function sumRlimitUse(functions: readonly FunctionOutcome[]): number | null {
  const counts = functions.flatMap((outcome) => (outcome.rlimit === null ? [] : [outcome.rlimit]));
  return counts.length === 0 ? null : counts.reduce((total, count) => total + count, 0);
}
