import { describe, expect, it } from 'vitest';
import { createReviewProgress } from './render-review-progress.js';

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; output: () => string } {
  let written = '';
  const stream = { isTTY, write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WriteStream;
  return { stream, output: () => written };
}

describe('createReviewProgress', () => {
  it('rewrites one line on a TTY: mutants settled out of the total, by stage', () => {
    const { stream, output } = fakeStream(true);
    const progress = createReviewProgress(stream);
    progress({ type: 'review-started', mutants: 3, probes: 1 });
    progress({ type: 'mutant-settled', id: 'm1', function: 'f', verdict: { status: 'stillborn', settledBy: 'build', detail: 'x' }, settled: 1, total: 3 });
    progress({ type: 'mutant-settled', id: 'm2', function: 'f', verdict: { status: 'survived', settledBy: 'verus', origin: { kind: 'recorded', source: 'r.json', synthetic: true } }, settled: 2, total: 3 });
    progress({ type: 'mutant-settled', id: 'm3', function: 'f', verdict: { status: 'unsettled', settledBy: null, reason: 'crash' }, settled: 3, total: 3 });
    expect(output().split('\r').at(-1)).toBe('\u001b[2Kmutants 3/3 settled (build 1, tests 0, spec tests 0, Verus 1, unsettled 1)');
    progress({ type: 'mutant-reproved', id: 'm2', function: 'f', reproof: { status: 'error', repository: null, message: 'x' }, settled: 1, total: 1 });
    expect(output().split('\r').at(-1)).toBe('\u001b[2Kre-proving mutants killed by Verus: 1/1 (m2: error)');
    progress({ type: 'review-finished', findings: 1 });
    expect(output().endsWith('\r\u001b[2K')).toBe(true);
  });

  it('writes nothing without a TTY', () => {
    const { stream, output } = fakeStream(false);
    createReviewProgress(stream)({ type: 'review-started', mutants: 3, probes: 1 });
    expect(output()).toBe('');
  });
});
