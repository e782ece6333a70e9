import { describeStability, judgeStability } from '../verifier/stability/describe-stability.js';
import { isUndecidedSeedRun } from '../verifier/stability/stability-report.js';
import type { CheckedCandidate } from './candidates/checked-candidate.js';
import type { RepairRunState } from './repair-run-state.js';

/** Verified, and stable under every seed asked for (or no stability check was asked for): the run may stop. */
export function isStablyVerified(checked: CheckedCandidate): boolean {
  return checked.result === 'verified' && (checked.verification?.stability?.stable ?? true);
}

/** Verified under the default seed and the crate confirmation, but not under every stability seed. */
export function isUnstablyVerified(checked: CheckedCandidate): boolean {
  return checked.result === 'verified' && checked.verification?.stability?.stable === false;
}

/**
 * Records a verified candidate's commit in the run state: a stable one ends the run (the first wins);
 * an unstable one is kept as the fallback when it passed more seeds than the one kept so far, so at
 * the end a stable candidate wins over every unstable one, and among unstable ones the most robust.
 */
export function noteVerifiedCandidate(state: RepairRunState, checked: CheckedCandidate, commit: string): void {
  if (isStablyVerified(checked)) {
    if (state.verifiedCommit === null) {
      state.verifiedCommit = commit;
      state.stableLabel = describeEventStability(checked).stability ?? null;
    }
    return;
  }
  const stability = checked.verification?.stability;
  if (stability === undefined) return;
  if (state.unstableBest === undefined || state.unstableBest === null || stability.passed > state.unstableBest.passed) {
    state.unstableBest = { commit, passed: stability.passed, total: stability.total, label: describeStability(stability) };
  }
}

/** `{ stability: 'unstable 2/3' }` for a verified candidate that was stability-checked, else nothing. */
export function describeEventStability(checked: CheckedCandidate): { stability?: string } {
  const stability = checked.verification?.stability;
  return stability === undefined || checked.result !== 'verified' ? {} : { stability: describeStability(stability) };
}

/**
 * The run's final pick: the first stable candidate, else the unstable one that passed the most seeds
 * (it verified under the default seed and the crate confirmation; reports say `unstable k/N`).
 */
export function chooseWinningCandidate(state: RepairRunState): { commit: string | null; stability: string | null } {
  if (state.verifiedCommit !== null) return { commit: state.verifiedCommit, stability: state.stableLabel ?? null };
  const best = state.unstableBest;
  return best === undefined || best === null ? { commit: null, stability: null } : { commit: best.commit, stability: best.label ?? describeStability({ passed: best.passed, total: best.total, stable: false }) };
}

/**
 * Why the run cannot go on, when a verified candidate's stability check got no verdict under some
 * seeds and failed under none: a toolchain error or a crash says nothing about the proof, so the
 * editor is not asked for a "more robust" one; the run stops as on any toolchain error.
 */
export function describeUndecidedStability(checked: readonly CheckedCandidate[]): string | null {
  const candidate = checked.find((entry) => entry.result === 'verified' && entry.verification?.stability !== undefined && judgeStability(entry.verification.stability) === 'undecided');
  const stability = candidate?.verification?.stability;
  if (candidate === undefined || stability === undefined) return null;
  const seeds = stability.runs.filter(isUndecidedSeedRun).map((run) => `seed ${run.seed} (${run.status}${run.reason === undefined ? '' : `: ${run.reason.split('\n')[0]}`})`);
  return `the stability check got no verdict under ${seeds.join(', ')}; iteration ${candidate.iteration} sample ${candidate.sample} verified under the default seed, its stability is ${describeStability(stability)}`;
}
