import { describe, expect, it } from 'vitest';
import type { CheckedCandidate } from './candidates/checked-candidate.js';
import type { RepairRunState } from './repair-run-state.js';
import { chooseWinningCandidate, describeUndecidedStability, noteVerifiedCandidate } from './stability-verdict.js';

/** A synthetic verified candidate whose stability check passed `passed` of `total` seeds (no check when total is 0). */
function verified(passed: number, total: number): CheckedCandidate {
  const stability = total === 0 ? {} : { stability: { seeds: [], runs: [], passed, total, stable: passed === total, margin: { limit: null, highestUse: null, function: null, seed: null, ratio: null, nearLimit: false }, verifierWallTimeMs: 0 } };
  return { iteration: 1, sample: 0, origin: 'model', source: '', result: 'verified', guard: { verdict: 'accept', allowedSpecChanges: [] }, diagnostics: [], wallTimeMs: 0,
    verification: { precheck: { status: 'skipped', reason: 'disabled' }, verification: null, cache: { status: 'bypassed', key: null, note: null }, ...stability } };
}

const fresh = (): RepairRunState => ({ verifiedCommit: null } as unknown as RepairRunState);

describe('the winning candidate of a run with a stability check', () => {
  it('is the first stable one, over every unstable one before or after it', () => {
    const state = fresh();
    noteVerifiedCandidate(state, verified(2, 3), 'unstable');
    noteVerifiedCandidate(state, verified(3, 3), 'stable');
    noteVerifiedCandidate(state, verified(3, 3), 'later stable');
    expect(state.verifiedCommit).toBe('stable');
    expect(chooseWinningCandidate(state)).toEqual({ commit: 'stable', stability: 'stable 3/3' });
  });

  it('without a stable one, is the unstable one that passed the most seeds, and it does not stop the run', () => {
    const state = fresh();
    for (const [passed, commit] of [[1, 'one'], [2, 'two'], [2, 'two again'], [0, 'none']] as const) noteVerifiedCandidate(state, verified(passed, 3), commit);
    expect(state.verifiedCommit).toBeNull();
    expect(chooseWinningCandidate(state)).toEqual({ commit: 'two', stability: 'unstable 2/3' });
  });

  it('is the first verified one when no check ran', () => {
    const state = fresh();
    noteVerifiedCandidate(state, verified(0, 0), 'first');
    expect(chooseWinningCandidate(state)).toEqual({ commit: 'first', stability: null });
  });

  it('stops the run when seeds gave no verdict and none failed, naming them; the candidate is kept as undecided', () => {
    const candidate = verified(1, 2);
    const stability = candidate.verification!.stability!;
    candidate.verification!.stability = { ...stability, undecided: 1, runs: [{ seed: 1, status: 'verified', diagnostics: [], functions: [], wallTimeMs: 0, command: [] }, { seed: 2, status: 'toolchain-error', diagnostics: [], functions: [], wallTimeMs: 0, command: [], reason: 'docker: Cannot connect to the Docker daemon\nmore' }] };
    expect(describeUndecidedStability([candidate])).toBe('the stability check got no verdict under seed 2 (toolchain-error: docker: Cannot connect to the Docker daemon); iteration 1 sample 0 verified under the default seed, its stability is undecided 1/2');
    expect(describeUndecidedStability([verified(1, 2)])).toBeNull();
    const state = fresh();
    noteVerifiedCandidate(state, candidate, 'undecided');
    expect(chooseWinningCandidate(state)).toEqual({ commit: 'undecided', stability: 'undecided 1/2' });
  });
});
