import type { AttemptRecord } from './attempt-record.js';

/**
 * A synthetic attempt record for tests and report previews: an attempt of `taskId` under `settingId`
 * that verified at `iteration` (null = never). Not measured data.
 */
export function buildSyntheticAttempt(taskId: string, settingId: string, repetition: number, iteration: number | null, overrides: Partial<AttemptRecord> = {}): AttemptRecord {
  return {
    key: `${taskId}|${settingId}|r${repetition}`, taskId, settingId, repetition, seed: repetition, repoDir: '/synthetic', runId: `${taskId}--${settingId}--r${repetition}`, ledgerBranch: null,
    outcome: iteration === null ? 'not-verified' : 'verified', stopReason: iteration === null ? 'iteration budget reached' : 'a candidate verified',
    iterationsToSuccess: iteration, candidatesToSuccess: iteration, iterations: iteration ?? 3, candidates: iteration ?? 3,
    promptTokens: 1000, completionTokens: 200, modelCalls: iteration ?? 3, costUsd: 0.01, verifierCalls: (iteration ?? 3) + 1, verifierWallMs: 100, verifierReportedMs: 40, precheckMs: 50, cacheHits: 0,
    formatErrors: 0, identicalCandidates: 0, guardRejections: {}, lastResult: iteration === null ? 'failed' : 'verified', lastErrorKinds: iteration === null ? { 'invariant-end-of-loop-body': 1 } : {},
    obligations: 2, repairedObligations: iteration === null ? 1 : 2, wallTimeMs: 1000, loopMs: 900, cassette: null,
    verifierOrigins: [{ kind: 'recorded', source: 'test-recordings.json', synthetic: true }], modelOrigin: { kind: 'cassette', file: 'cassettes/attempt.jsonl' }, ...overrides,
  };
}
