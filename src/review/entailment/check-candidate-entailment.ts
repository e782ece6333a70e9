import path from 'node:path';
import type { Prechecker } from '../../core/verifier-precheck.js';
import { parseVerusBytes, parseVerusSource } from '../../ir/index.js';
import type { CrateFiles } from '../../repair/crate-snapshot.js';
import type { RepairRequest, RepairServices } from '../../repair/repair-request.js';
import type { ReviewServices } from '../review-services.js';
import { checkSpecEntailment } from './check-spec-entailment.js';
import type { EntailmentResult } from './entailment-result.js';

/** Stands in when `repair` runs without a pre-check: the lemmas then go straight to the verifier. */
const NO_PRECHECK: Prechecker = { precheck: async () => ({ status: 'passed', steps: [], command: [], wallTimeMs: 0, warnings: [] }) };

/**
 * The entailment check of a repair candidate whose spec change the guard allowed
 * (`--allow-spec-change`): the same lemmas as `review --against`, against the original file, run
 * through the repair's own verifier, pre-checker, cache and options.
 */
export async function checkCandidateEntailment(request: RepairRequest, services: RepairServices, originalFiles: CrateFiles, candidateFiles: CrateFiles, candidateSource: string): Promise<EntailmentResult[]> {
  const originalBytes = originalFiles.get(request.file);
  if (originalBytes === undefined) return [];
  const previous = await parseVerusBytes(originalBytes, { file: request.file, requireVerus: false });
  const current = await parseVerusSource(candidateSource, { file: request.file, requireVerus: false });
  const prechecker = services.prechecker ?? NO_PRECHECK;
  const reviewServices: ReviewServices = {
    verifier: services.verifier,
    prechecker,
    createVariantPrechecker: () => prechecker,
    cache: services.cache,
    precheckRunsTests: services.precheckRunsTests,
    options: request.verification,
    emit: () => {},
    ...(services.signal === undefined ? {} : { signal: services.signal }),
  };
  return checkSpecEntailment(previous, current, candidateFiles, path.join(request.repoDir, request.crateDir), 1, reviewServices);
}

/** The `Spec-Entailment` trailer: `holds`, or each direction that did not hold, e.g. `binary_search.ensures fails`. */
export function describeEntailment(results: readonly EntailmentResult[]): string {
  const problems = results.filter((result) => result.verdict !== 'holds').map((result) => `${result.function}.${result.direction} ${result.verdict}`);
  return results.length === 0 ? 'no requires or ensures changed' : problems.length === 0 ? 'holds' : problems.join(', ');
}
