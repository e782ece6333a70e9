import path from 'node:path';
import type { Prechecker } from '../../core/verifier-precheck.js';
import { parseVerusBytes, parseVerusSource } from '../../ir/index.js';
import { checkSpecEntailment, type EntailmentResult } from '../../specification/index.js';
import type { CrateFiles } from '../setup/crate-snapshot.js';
import type { RepairRequest, RepairServices } from '../repair-request.js';
import { verifyVariant, type VariantServices } from './verify-variant.js';

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
  const variantServices: VariantServices = {
    verifier: services.verifier,
    prechecker,
    cache: services.cache,
    precheckRunsTests: services.precheckRunsTests,
    options: request.verification,
    ...(services.signal === undefined ? {} : { signal: services.signal }),
  };
  const crateDir = path.join(request.repoDir, request.crateDir);
  return checkSpecEntailment(previous, current, 1, (variant) => verifyVariant(candidateFiles, crateDir, variant, variantServices), services.signal);
}
