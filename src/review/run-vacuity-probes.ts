import { precheckLetsVerusRun } from '../core/verifier-precheck.js';
import type { CrateFiles } from '../repair/setup/crate-snapshot.js';
import type { ReviewServices } from './review-services.js';
import { settleAll } from '../specification/index.js';
import type { VacuityProbe, VacuityResult } from './vacuity-probe.js';
import { verifyVariant, type VariantOutcome } from '../repair/candidates/verify-variant.js';

/** Pre-checks and verifies every probe; a probe that verifies is a finding. */
export async function runVacuityProbes(probes: readonly VacuityProbe[], crateFiles: CrateFiles, crateDir: string, jobs: number, services: ReviewServices): Promise<VacuityResult[]> {
  let settled = 0;
  return settleAll(
    probes,
    jobs,
    async (probe) => {
      const { source: _source, ...described } = probe;
      const outcome = await verifyVariant(crateFiles, crateDir, { label: `probe-${probe.kind}`, file: probe.file, source: probe.source }, services);
      const result: VacuityResult = { probe: described, ...judge(outcome) };
      services.emit({ type: 'probe-settled', result, settled: ++settled, total: probes.length });
      return result;
    },
    (probe) => {
      const { source: _source, ...described } = probe;
      return { probe: described, verdict: 'unsettled', detail: 'the review was interrupted' };
    },
    services.signal,
  );
}

function judge(outcome: VariantOutcome): Pick<VacuityResult, 'verdict' | 'detail' | 'origin'> {
  const verdict = judgeVerdict(outcome);
  return outcome.verification === null ? verdict : { ...verdict, origin: outcome.verification.origin };
}

function judgeVerdict(outcome: VariantOutcome): Pick<VacuityResult, 'verdict' | 'detail'> {
  if (outcome.precheck.status === 'timeout') return { verdict: 'timed-out', detail: `cargo ${outcome.precheck.step} timed out` };
  if (!precheckLetsVerusRun(outcome.precheck)) return { verdict: 'probe-rejected', detail: `the generated probe failed its erased pre-check (${outcome.precheck.status})` };
  const result = outcome.verification;
  if (result === null) return { verdict: 'unsettled', detail: 'no verdict' };
  if (result.status === 'verified') return { verdict: 'vacuous', detail: null };
  if (result.status === 'failed') return { verdict: 'sound', detail: null };
  if (result.status === 'timeout') return { verdict: 'timed-out', detail: null };
  return { verdict: 'unsettled', detail: result.status };
}
