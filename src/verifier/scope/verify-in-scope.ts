import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import type { CandidateVerification, CacheStatus } from '../candidate-verification.js';
import { verifyCandidate, type CandidateVerificationServices } from '../verify-candidate.js';
import { mergeFocusedResults } from './merge-focused-results.js';
import { checkProofStability } from '../stability/check-proof-stability.js';
import type { StabilityReport } from '../stability/stability-report.js';
import type { ScopedRun } from './verification-scope-record.js';
import type { VerificationScopePlan } from './verification-scope-plan.js';

/**
 * Checks a candidate crate (already materialized in `crateDir`) in the planned scope. Focused: the
 * pre-check once, then one `cargo verus focus` per selection; when every one passes, the whole
 * crate is verified once more and that confirmation's verdict is the candidate's (a focused pass
 * never counts as verified by itself). Crate: one whole-crate run. Each run goes through the cache,
 * whose keys name the target, so focused and whole-crate verdicts never answer each other.
 */
export async function verifyInScope(
  crateDir: string,
  plan: VerificationScopePlan,
  options: VerificationOptions,
  services: ScopedVerificationServices,
  signal?: AbortSignal,
): Promise<CandidateVerification> {
  if (plan.kind === 'crate') {
    const outcome = await verifyCandidate({ kind: 'crate', crateDir }, options, services, signal);
    const run = describeRun(outcome);
    const stability = outcome.verification?.status === 'verified' ? await checkStabilityIfAsked([{ kind: 'crate', crateDir }], options, services, signal) : {};
    return { ...outcome, scope: { kind: 'crate', functions: plan.functions, reason: plan.reason, run, verifierWallTimeMs: run?.wallTimeMs ?? 0 }, ...stability };
  }
  const afterPrecheck: CandidateVerificationServices = { ...services, prechecker: null };
  const outcomes: CandidateVerification[] = [];
  const targets = plan.selections.map((selection): VerificationTarget => (selection.function === null
    ? { kind: 'module', crateDir, module: selection.module }
    : { kind: 'function', crateDir, module: selection.module, function: selection.function }));
  for (const target of targets) {
    const outcome = await verifyCandidate(target, options, outcomes.length === 0 ? services : afterPrecheck, signal);
    outcomes.push(outcome);
    const status = outcome.verification?.status;
    if (status !== 'verified' && status !== 'failed') break;
  }
  const first = outcomes[0];
  if (first === undefined) throw new Error('verifyInScope: a focused plan has at least one selection');
  const focused = outcomes.map(describeRun).filter((run): run is ScopedRun => run !== null);
  const merged = mergeFocusedResults(outcomes.flatMap((outcome) => (outcome.verification === null ? [] : [outcome.verification])));
  const base = { kind: 'focused' as const, functions: plan.functions, selections: plan.selections, focused };
  const focusedTime = focused.reduce((total, run) => total + run.wallTimeMs, 0);
  const rejected = merged === null ? null : findRejectedSelector(merged);
  if (rejected !== null) {
    // Verus could not select what the plan named (a module path or name the IR got wrong): the crate decides.
    const crate = await verifyInScope(crateDir, { kind: 'crate', functions: plan.functions, reason: `Verus rejected the focus selector (${rejected})` }, options, afterPrecheck, signal);
    const scope = crate.scope?.kind === 'crate' ? { ...crate.scope, verifierWallTimeMs: focusedTime + crate.scope.verifierWallTimeMs } : crate.scope;
    return { ...crate, precheck: first.precheck, ...(scope === undefined ? {} : { scope }) };
  }
  if (merged === null || merged.status !== 'verified') {
    return { precheck: first.precheck, verification: merged, cache: combineCache(outcomes), scope: { ...base, confirmation: null, verifierWallTimeMs: focusedTime } };
  }
  // The focused pass is re-verified under the stability seeds before the (costlier) whole-crate confirmation.
  const stability = await checkStabilityIfAsked(targets, options, afterPrecheck, signal);
  const confirmation = await verifyCandidate({ kind: 'crate', crateDir }, options, afterPrecheck, signal);
  const confirmed = describeRun(confirmation);
  return {
    precheck: first.precheck,
    verification: confirmation.verification,
    cache: combineCache([...outcomes, confirmation]),
    scope: { ...base, confirmation: confirmed, verifierWallTimeMs: focusedTime + (confirmed?.wallTimeMs ?? 0) },
    ...stability,
  };
}

/** The collaborators, plus the solver seeds a verified scope is re-verified under (`[verifier] stability_seeds`; none = no check). */
export type ScopedVerificationServices = CandidateVerificationServices & { stabilitySeeds?: readonly number[] };

async function checkStabilityIfAsked(targets: readonly VerificationTarget[], options: VerificationOptions, services: ScopedVerificationServices, signal?: AbortSignal): Promise<{ stability?: StabilityReport }> {
  const seeds = services.stabilitySeeds ?? [];
  return seeds.length === 0 ? {} : { stability: await checkProofStability(targets, options, services, seeds, signal) };
}

/** Verus's own errors for a selector that selects nothing or too much (verus-facts.md §3). */
const SELECTOR_ERRORS = /^(could not find module .* specified by --verify|could not find function .* specified by --verify-function|more than one match found for --verify-function|--verify-function .* matches more than one function)/;

function findRejectedSelector(result: VerifierResult): string | null {
  if (result.status !== 'failed') return null;
  const message = result.diagnostics.find((diagnostic) => diagnostic.severity === 'error' && SELECTOR_ERRORS.test(diagnostic.message))?.message;
  return message === undefined ? null : (message.split('\n')[0] ?? message);
}

function describeRun(outcome: CandidateVerification): ScopedRun | null {
  const result = outcome.verification;
  if (result === null) return outcome.precheck.status === 'passed' || outcome.precheck.status === 'skipped' || outcome.precheck.status === 'not-applicable' ? null : { command: [], status: 'precheck-failed', wallTimeMs: 0, cache: outcome.cache.status };
  return { command: result.command, status: result.status, wallTimeMs: result.origin.kind === 'cache' ? 0 : result.wallTimeMs, cache: outcome.cache.status };
}

/** `hit` only when no run reached the verifier; otherwise the first run's status, a corrupt entry noted. */
function combineCache(outcomes: readonly CandidateVerification[]): CandidateVerification['cache'] {
  const statuses = outcomes.map((outcome) => outcome.cache.status);
  const status: CacheStatus = statuses.every((entry) => entry === 'hit') ? 'hit' : statuses.includes('corrupt') ? 'corrupt' : statuses.find((entry) => entry !== 'hit') ?? 'miss';
  const last = outcomes[outcomes.length - 1];
  const notes = outcomes.map((outcome) => outcome.cache.note).filter((note): note is string => note !== null);
  return { status, key: last?.cache.key ?? null, note: notes.length === 0 ? null : notes.join('; ') };
}
