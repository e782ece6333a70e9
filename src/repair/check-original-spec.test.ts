import { describe, expect, it } from 'vitest';
import type { SpecCheckSummary } from './candidates/candidate-counterexamples.js';
import { resumeOriginalSpecCheck, type OriginalSpecCheck } from './check-original-spec.js';
import type { RepairRequest } from './repair-request.js';

const COUNTEREXAMPLE = 'clamp_wrong(x = 0, lo = 0, hi = 0) returned 0: ensures lo <= r && r < hi is false';
const SUMMARY: SpecCheckSummary = {
  functions: [{ function: 'clamp_wrong', status: 'checked', executableClauses: 3, clauses: 3, tried: 1000, satisfyingRequires: 551, counterexamples: [COUNTEREXAMPLE], reason: null }],
  executableClauses: 3, clauses: 3, counterexamples: [COUNTEREXAMPLE], buildMs: 2000, runMs: 30,
};

function request(allowSpecChanges: string[]): RepairRequest {
  return { feedbackLevel: 'counterexample', policy: { allowSpecChanges } } as unknown as RepairRequest;
}

describe('resumeOriginalSpecCheck', () => {
  const unexpected = async (): Promise<OriginalSpecCheck | null> => {
    throw new Error('the recorded check should have been used');
  };

  it('judges the recorded check under the run\'s policy: a frozen spec stops, an unfrozen one is the editor\'s reason', async () => {
    const frozen = await resumeOriginalSpecCheck(request([]), { trailer: 'found', specCheck: SUMMARY }, unexpected);
    expect(frozen).toMatchObject({ stop: `the specification is false for this code: ${COUNTEREXAMPLE}`, specChangeReason: null });
    const open = await resumeOriginalSpecCheck(request(['clamp_wrong.ensures']), { trailer: 'found', specCheck: SUMMARY }, unexpected);
    expect(open?.stop).toBeNull();
    expect(open?.specChangeReason).toContain(`- ${COUNTEREXAMPLE}`);
  });

  it('keeps a recorded skip with its reason, and checks again only when nothing was recorded', async () => {
    expect(await resumeOriginalSpecCheck(request([]), { trailer: 'not checked (no target is an exec function with a body)' }, unexpected))
      .toEqual({ summary: null, skipped: 'no target is an exec function with a body', stop: null, specChangeReason: null });
    let checked = 0;
    const check = async (): Promise<OriginalSpecCheck | null> => {
      checked += 1;
      return null;
    };
    await resumeOriginalSpecCheck(request([]), null, check);
    expect(checked).toBe(1);
    expect(await resumeOriginalSpecCheck({ ...request([]), feedbackLevel: 'auto' } as RepairRequest, null, check)).toBeNull();
    expect(checked).toBe(1);
  });
});
