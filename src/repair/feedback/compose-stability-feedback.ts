import { describeDiagnostic } from '../../agents/feedback/describe-diagnostic.js';
import { describeStability } from '../../verifier/stability/describe-stability.js';
import type { StabilityReport } from '../../verifier/stability/stability-report.js';

/**
 * What the editor is told about a proof that verified but is fragile: the seeds it failed under, each
 * with its errors, and a request for a proof that does not depend on the solver's luck. Proofs that
 * break under another seed break later in CI (verus-lang/verus#681); the usual cures are named.
 */
export function composeStabilityFeedback(stability: StabilityReport): string {
  const failed = stability.runs.filter((run) => run.status !== 'verified');
  const seeds = failed.map((run) => {
    const errors = run.diagnostics.map(describeDiagnostic);
    return `Seed ${run.seed} (${run.status}):\n${errors.length > 0 ? errors.join('\n') : '- (no diagnostics were reported)'}`;
  });
  return [
    `The proposed code verified, but the proof is fragile: it is ${describeStability(stability)} under solver seeds ${stability.seeds.join(', ')} (--smt-option smt.random_seed=S). It failed under:`,
    seeds.join('\n\n'),
    'Submit a more robust proof that verifies under every seed: add explicit assert(..) steps for the facts the solver had to find, keep quantifier instantiations small (explicit triggers, fewer nested quantifiers), and call lemmas instead of relying on automation. Do not raise #[verifier::rlimit].',
  ].join('\n\n');
}
