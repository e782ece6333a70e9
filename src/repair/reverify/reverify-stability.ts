import type { VerificationOptions, VerificationTarget, Verifier } from '../../core/verifier.js';
import { checkProofStability } from '../../verifier/stability/check-proof-stability.js';
import { describeStability } from '../../verifier/stability/describe-stability.js';
import type { StabilityReport } from '../../verifier/stability/stability-report.js';
import type { FocusSelection } from '../../verifier/scope/verification-scope-plan.js';

/** One verified commit's stability check, as recorded and as re-run by `audit --reverify`. */
export interface StabilityRecheck {
  commit: string;
  seeds: number[];
  recorded: string;
  now: string;
}

/**
 * Re-runs a commit's recorded stability check: the same seeds on the same scope (its focus selections,
 * or the crate), in the materialized copy `crateDir`, without the cache. Null when the note recorded none.
 */
export async function reverifyStability(commit: string, report: unknown, crateDir: string, verifier: Verifier, options: VerificationOptions): Promise<StabilityRecheck | null> {
  const recorded = readRecordedStability(report);
  if (recorded === null) return null;
  const targets: VerificationTarget[] = recorded.selections.length === 0
    ? [{ kind: 'crate', crateDir }]
    : recorded.selections.map((selection) => (selection.function === null ? { kind: 'module', crateDir, module: selection.module } : { kind: 'function', crateDir, module: selection.module, function: selection.function }));
  const now = await checkProofStability(targets, options, { verifier, prechecker: null, cache: null, precheckRunsTests: false }, recorded.stability.seeds);
  return { commit, seeds: recorded.stability.seeds, recorded: describeStability(recorded.stability), now: describeStability(now) };
}

function readRecordedStability(report: unknown): { stability: StabilityReport; selections: FocusSelection[] } | null {
  if (typeof report !== 'object' || report === null) return null;
  const { stability, scope } = report as { stability?: StabilityReport; scope?: { kind?: string; selections?: FocusSelection[] } | null };
  if (stability === undefined || !Array.isArray(stability.seeds) || stability.seeds.some((seed) => !Number.isSafeInteger(seed))) return null;
  return { stability, selections: scope?.kind === 'focused' && Array.isArray(scope.selections) ? scope.selections : [] };
}
