import type { Diagnostic } from '../../core/diagnostic.js';
import type { GuardVerdict } from '../../core/guard-verdict.js';
import type { ProofResultLabel } from '../../ledger/proof-trailers.js';
import type { EntailmentResult } from '../../specification/index.js';
import type { CandidateVerification } from '../../verifier/candidate-verification.js';
import type { CandidateCounterexamples } from './candidate-counterexamples.js';

/** A candidate after guard, pre-check and verifier: what the ledger records and feedback is built from. */
export interface CheckedCandidate {
  iteration: number;
  sample: number;
  origin: 'model' | 'houdini';
  /** The full text of the file under repair. */
  source: string;
  result: ProofResultLabel;
  guard: GuardVerdict;
  verification: CandidateVerification | null;
  /** Errors and notes, mapped onto the candidate's IR where possible. */
  diagnostics: Diagnostic[];
  wallTimeMs: number;
  /** For a verified candidate with a guard-allowed spec change: the entailment check of that change (src/review/entailment). */
  entailment?: EntailmentResult[];
  /** At a counterexample level: the original's spec check, or the candidate's loop invariants tested before Verus. */
  counterexamples?: CandidateCounterexamples;
}

export function countErrorsByKind(diagnostics: readonly Diagnostic[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === 'error') counts[diagnostic.kind] = (counts[diagnostic.kind] ?? 0) + 1;
  }
  return counts;
}

/** The actionable message of a candidate whose verifier could not run. */
export function describeToolchainFailure(checked: CheckedCandidate | undefined): string {
  const verification = checked?.verification?.verification;
  return `toolchain error: ${verification?.status === 'toolchain-error' ? verification.message : 'the verifier could not run'}`;
}
