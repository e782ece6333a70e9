import { rm } from 'node:fs/promises';
import type { PrecheckResult } from '../../core/verifier-precheck.js';
import { precheckLetsVerusRun, type Prechecker } from '../../core/verifier-precheck.js';
import type { VerificationOptions, VerificationTarget, Verifier } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import type { ResultCache } from '../../verifier/cache/result-cache.js';
import { planVerificationScope } from '../../verifier/scope/plan-verification-scope.js';
import { verifyCandidate } from '../../verifier/verify-candidate.js';
import { materializeCrate, withFile, type CrateFiles } from '../setup/crate-snapshot.js';

/** What a variant is checked with: review's services, or repair's for the entailment lemmas of a candidate. */
export interface VariantServices {
  verifier: Verifier;
  prechecker: Prechecker;
  cache: ResultCache | null;
  precheckRunsTests: boolean;
  options: VerificationOptions;
  signal?: AbortSignal;
}

/** The crate-relative file a variant replaces and its new text: a mutant, a vacuity probe or an entailment lemma. */
export interface CrateVariant {
  label: string;
  file: string;
  source: string;
}

/** What happened to one variant: the erased pre-check, and the verifier's verdict when it got that far. */
export interface VariantOutcome {
  precheck: PrecheckResult;
  verification: VerifierResult | null;
}

/**
 * Erased pre-check, then the verifier focused on the changed function (planVerificationScope; the
 * whole crate when it cannot focus), through the result cache. The variant is written to a fresh
 * directory outside any workspace and removed afterwards. `beforeVerifier` (review's spec tests) runs
 * after a passed pre-check; when it answers true the verifier is not called (`verification: null`).
 */
export async function verifyVariant(originalFiles: CrateFiles, crateDir: string, variant: CrateVariant, services: VariantServices, hooks: { beforeVerifier?: (files: CrateFiles) => Promise<boolean> } = {}): Promise<VariantOutcome> {
  const files = withFile(originalFiles, variant.file, variant.source);
  const scratch = await materializeCrate(files, crateDir, `review-${variant.label}`);
  try {
    const precheck = await services.prechecker.precheck(scratch, services.signal);
    if (!precheckLetsVerusRun(precheck)) return { precheck, verification: null };
    if (hooks.beforeVerifier !== undefined && (await hooks.beforeVerifier(files))) return { precheck, verification: null };
    const results: VerifierResult[] = [];
    for (const target of await planTargets(originalFiles, variant, scratch, services)) {
      const outcome = await verifyCandidate(target, services.options, { verifier: services.verifier, prechecker: null, cache: services.cache, precheckRunsTests: services.precheckRunsTests }, services.signal);
      if (outcome.verification === null) break;
      results.push(outcome.verification);
      if (outcome.verification.status !== 'verified') break;
    }
    return { precheck, verification: results.find((result) => result.status !== 'verified') ?? results.at(-1) ?? null };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function planTargets(originalFiles: CrateFiles, variant: CrateVariant, scratch: string, services: VariantServices): Promise<VerificationTarget[]> {
  const plan = await planVerificationScope({ originalFiles, file: variant.file, candidate: variant.source, policy: services.options.scope ?? 'focused' });
  if (plan.kind === 'crate') return [{ kind: 'crate', crateDir: scratch }];
  return plan.selections.map((selection) =>
    selection.function === null ? { kind: 'module', crateDir: scratch, module: selection.module } : { kind: 'function', crateDir: scratch, module: selection.module, function: selection.function },
  );
}
