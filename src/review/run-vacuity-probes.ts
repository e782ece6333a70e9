import type { LimitFunction } from 'p-limit';
import { precheckLetsVerusRun } from '../core/verifier-precheck.js';
import { rm } from 'node:fs/promises';
import type { Prechecker, PrecheckResult } from '../core/verifier-precheck.js';
import { materializeCrate, withFile, type CrateFiles } from '../repair/setup/crate-snapshot.js';
import { locateSingleEdit } from './schemata/locate-single-edit.js';
import type { ReviewServices } from './review-services.js';
import { settleAll } from '../specification/index.js';
import type { VacuityProbe, VacuityResult } from './vacuity-probe.js';
import { verifyVariant, type VariantOutcome } from '../repair/candidates/verify-variant.js';

/**
 * Pre-checks and verifies every probe; a probe that verifies is a finding. The probes add only
 * ghost code (an `assert(false)`, a lemma), so their erased programs are the original's: one build
 * of all of them together (precheckTogether) stands for each one's pre-check when it passes, and
 * each is pre-checked on its own otherwise (a probe the generator got wrong is then found alone).
 * That build is `cargo build` alone (`buildPrechecker`): the tests of an erased program that is the
 * original's passed in the original's pre-check, and running them again would tell nothing.
 */
export async function runVacuityProbes(probes: readonly VacuityProbe[], crateFiles: CrateFiles, crateDir: string, jobs: number | LimitFunction, services: ReviewServices, buildPrechecker: Prechecker = services.prechecker): Promise<VacuityResult[]> {
  let settled = 0;
  // A shared pool (review's, with the mutants ahead) takes the combined build as one of its jobs too.
  const buildTogether = () => precheckTogether(probes, crateFiles, crateDir, services, buildPrechecker);
  const together = probes.length < 2 ? null : typeof jobs === 'number' ? await buildTogether() : await jobs(buildTogether);
  const probeServices = together === null ? services : { ...services, prechecker: { precheck: async () => together } };
  return settleAll(
    probes,
    jobs,
    async (probe) => {
      const { source: _source, ...described } = probe;
      const outcome = await verifyVariant(crateFiles, crateDir, { label: `probe-${probe.kind}`, file: probe.file, source: probe.source }, probeServices);
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

/** The erased pre-check of every probe's insertions in one crate, when it passes; null otherwise (or when the probes' edits cannot be combined). */
async function precheckTogether(probes: readonly VacuityProbe[], crateFiles: CrateFiles, crateDir: string, services: ReviewServices, prechecker: Prechecker): Promise<PrecheckResult | null> {
  const decoder = new TextDecoder();
  let files = crateFiles;
  for (const file of new Set(probes.map((probe) => probe.file))) {
    const original = decoder.decode(crateFiles.get(file) ?? new Uint8Array()).replace(/^\uFEFF/, '');
    const edits = probes.filter((probe) => probe.file === file).map((probe) => locateSingleEdit(original, probe.source));
    // Only insertions combine without a doubt: two of them at one place both stay, in order.
    if (edits.some((edit) => edit.start !== edit.end)) return null;
    let combined = '';
    let copied = 0;
    for (const edit of [...edits].sort((left, right) => left.start - right.start)) {
      combined += original.slice(copied, edit.start) + edit.replacement;
      copied = edit.start;
    }
    files = withFile(files, file, combined + original.slice(copied));
  }
  const scratch = await materializeCrate(files, crateDir, 'review-probes');
  try {
    const result = await prechecker.precheck(scratch, services.signal);
    return result.status === 'passed' ? result : null;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
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
