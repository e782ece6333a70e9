import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { mergeFocusedResults } from '../scope/merge-focused-results.js';
import { verifyCandidate, type CandidateVerificationServices } from '../verify-candidate.js';
import { measureRlimitMargin } from './measure-rlimit-margin.js';
import { readFunctionRlimits } from './read-function-rlimits.js';
import { isUndecidedSeedRun, type SeedRun, type StabilityReport } from './stability-report.js';
import { withSolverSeed } from './with-solver-seed.js';

/**
 * Verifies the targets a candidate just passed (its focus selections, or the crate) again under each
 * seed, one seed after another, without the pre-check (it passed already). A seed passes when every
 * target verifies; a seed's first target that does not verify ends that seed.
 */
export async function checkProofStability(
  targets: readonly VerificationTarget[],
  options: VerificationOptions,
  services: CandidateVerificationServices,
  seeds: readonly number[],
  signal?: AbortSignal,
): Promise<StabilityReport> {
  const runs: SeedRun[] = [];
  for (const seed of seeds) {
    const results: VerifierResult[] = [];
    for (const target of targets) {
      const outcome = await verifyCandidate(target, withSolverSeed(options, seed), { ...services, prechecker: null }, signal);
      if (outcome.verification === null) break;
      results.push(outcome.verification);
      if (outcome.verification.status !== 'verified') break;
    }
    runs.push(describeSeedRun(seed, results));
  }
  const passed = runs.filter((run) => run.status === 'verified').length;
  return {
    seeds: [...seeds], runs, passed, total: seeds.length, stable: passed === seeds.length, undecided: runs.filter(isUndecidedSeedRun).length,
    margin: measureRlimitMargin(runs, options.rlimit, targets[0] === undefined ? new Map() : await readFunctionRlimits(targets[0])),
    verifierWallTimeMs: runs.reduce((total, run) => total + run.wallTimeMs, 0),
  };
}

function describeSeedRun(seed: number, results: readonly VerifierResult[]): SeedRun {
  const merged = mergeFocusedResults(results);
  const wallTimeMs = results.reduce((total, result) => total + (result.origin.kind === 'cache' ? 0 : result.wallTimeMs), 0);
  const command = results[0]?.command ?? [];
  if (merged === null) return { seed, status: 'no verdict', diagnostics: [], functions: [], wallTimeMs, command, reason: 'no verification ran' };
  if (merged.status === 'toolchain-error') return { seed, status: merged.status, diagnostics: [], functions: [], wallTimeMs, command, reason: merged.message };
  if (merged.status === 'crashed') return { seed, status: merged.status, diagnostics: [], functions: [], wallTimeMs, command, reason: `the verifier crashed (exit ${merged.exitCode ?? merged.signal ?? 'unknown'})` };
  const functions = 'functions' in merged ? merged.functions.map((entry) => ({ function: entry.function, module: entry.module, rlimit: entry.rlimit })) : [];
  const diagnostics = merged.status === 'verified' || !('diagnostics' in merged) ? [] : merged.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  return { seed, status: merged.status, diagnostics, functions, wallTimeMs, command };
}
