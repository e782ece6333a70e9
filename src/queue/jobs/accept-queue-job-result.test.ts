import { describe, expect, it } from 'vitest';
import { acceptQueueJobResult } from './accept-queue-job-result.js';
import { createJobId, readJobIdKey } from './queue-job-id.js';
import { signQueueJobResult } from './sign-queue-job-result.js';

const KEY = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
const result = {
  status: 'verified', functions: [], diagnostics: [], toolchain: { verusVersion: 'fake', pinHash: null, imageDigest: null }, command: ['cargo'], wallTimeMs: 1,
  origin: { kind: 'local', tool: 'cargo-verus', program: '/x/cargo-verus', verusVersion: 'fake' },
};
const report = { diagnostics: [], functions: [], unparsedLineCount: 0 };

describe('verdicts read from Redis (untrusted)', () => {
  it('accepts a well-formed verdict only for the key it names', () => {
    expect(acceptQueueJobResult(JSON.stringify({ key: KEY, result, report }), KEY, null)).toMatchObject({ kind: 'accepted', outcome: { key: KEY, result: { status: 'verified' } } });
    expect(acceptQueueJobResult(JSON.stringify({ key: OTHER, result, report }), KEY, null)).toEqual({ kind: 'rejected', reason: `it answers job ${OTHER.slice(0, 12)}, not ${KEY.slice(0, 12)}` });
    expect(acceptQueueJobResult(JSON.stringify({ result, report }), KEY, null)).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('carries no job key') });
  });

  it('with a secret, takes only a verdict signed over its key and JSON', () => {
    const secret = 'the-secret-0123456789';
    const document = JSON.parse(JSON.stringify({ result, report })) as { result: unknown; report: unknown };
    const signature = signQueueJobResult(secret, KEY, document);
    expect(acceptQueueJobResult(JSON.stringify({ key: KEY, result, report, signature }), KEY, secret).kind).toBe('accepted');
    expect(acceptQueueJobResult(JSON.stringify({ key: KEY, result, report }), KEY, secret)).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('signature is missing') });
    expect(acceptQueueJobResult(JSON.stringify({ key: KEY, result: { ...result, status: 'failed' }, report, signature }), KEY, secret)).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('signature is wrong') });
    expect(acceptQueueJobResult(JSON.stringify({ key: KEY, result, report, signature }), KEY, 'another-secret-0123456').kind).toBe('rejected');
  });

  it('names the key in a fresh job id, and no other id', () => {
    expect(readJobIdKey(createJobId(KEY, false))).toBe(KEY);
    const fresh = createJobId(KEY, true);
    expect(fresh).not.toBe(createJobId(KEY, true));
    expect(readJobIdKey(fresh)).toBe(KEY);
    expect(readJobIdKey(`${KEY}-fresh-zz`)).toBeNull();
    expect(readJobIdKey('escaping-1')).toBeNull();
  });
});
