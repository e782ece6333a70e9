import { describe, expect, it } from 'vitest';
import { formatCommitMessage, parseCommitTrailers, parseErrorCounts, type ProofTrailers } from './proof-trailers.js';

const trailers: ProofTrailers = {
  sourceSha256: 'a'.repeat(64), proofResult: 'failed', errorCounts: { postcondition: 2, assertion: 1 },
  verusVersion: null, toolchain: 'pin:123', verifierArgs: ['cargo', 'verus', 'verify', '--', '--rlimit', '10'],
  model: 'gpt-x', feedbackLevel: 'auto', iteration: 3, sample: 1, guard: 'accept', runId: 'r1', noteSha256: 'b'.repeat(64),
};

describe('proof trailers', () => {
  it('round-trips through a commit message with a one-line summary', () => {
    const message = formatCommitMessage('iteration 3\nsample 1', trailers);
    expect(message.split('\n')[0]).toBe('iteration 3 sample 1');
    const parsed = parseCommitTrailers(message);
    expect(parsed.get('Proof-Result')).toBe('failed');
    expect(parsed.get('Verus-Version')).toBe('none');
    expect(parsed.get('Toolchain-Pin')).toBe('none');
    expect(parseCommitTrailers(formatCommitMessage('s', { ...trailers, toolchainPin: 'c'.repeat(64) })).get('Toolchain-Pin')).toBe('c'.repeat(64));
    expect(JSON.parse(parsed.get('Verifier-Args') ?? '[]')).toEqual(trailers.verifierArgs);
    expect(parseErrorCounts(parsed.get('Errors') ?? '')).toEqual({ assertion: 1, postcondition: 2 });
  });

  it('writes Verify-Scope and Confirmed only for a scoped check', () => {
    expect(parseCommitTrailers(formatCommitMessage('s', trailers)).has('Verify-Scope')).toBe(false);
    const parsed = parseCommitTrailers(formatCommitMessage('s', { ...trailers, verifyScope: 'focused add_one,Stack::pop', confirmed: 'crate' }));
    expect(parsed.get('Verify-Scope')).toBe('focused add_one,Stack::pop');
    expect(parsed.get('Confirmed')).toBe('crate');
  });

  it('names who produced the verdict and where the model answers came from, and says none when no verifier ran', () => {
    const parsed = parseCommitTrailers(formatCommitMessage('s', { ...trailers, verifier: 'local cargo-verus at /opt/bin/cargo-verus, Verus fake', modelOrigin: 'replayed from /tmp/c.jsonl' }));
    expect(parsed.get('Verifier')).toBe('local cargo-verus at /opt/bin/cargo-verus, Verus fake');
    expect(parsed.get('Model')).toBe('gpt-x');
    expect(parsed.get('Model-Origin')).toBe('replayed from /tmp/c.jsonl');
    expect(parseCommitTrailers(formatCommitMessage('s', { ...trailers, verifier: null })).get('Verifier')).toBe('none');
  });

  it('records the rlimit the check used as Rlimit-Used, `none` when Verus reported no counts, and nothing when no verifier ran', () => {
    expect(parseCommitTrailers(formatCommitMessage('s', { ...trailers, rlimitUsed: 460123 })).get('Rlimit-Used')).toBe('460123');
    expect(parseCommitTrailers(formatCommitMessage('s', { ...trailers, rlimitUsed: null })).get('Rlimit-Used')).toBe('none');
    expect(parseCommitTrailers(formatCommitMessage('s', trailers)).has('Rlimit-Used')).toBe(false);
  });

  it('reads no trailers from a message without a trailer paragraph', () => {
    expect(parseCommitTrailers('Just: a summary line').size).toBe(0);
  });
});
