import { describe, expect, it } from 'vitest';
import { describeBenchVerifier } from './describe-bench-verifier.js';

describe('describeBenchVerifier', () => {
  it('names each origin once and flags the fake beside the figures, through a cache', () => {
    const fake = { kind: 'local', tool: 'verus', program: '/repo/test/fakes/bin/verus', verusVersion: 'fake' } as const;
    expect(describeBenchVerifier([fake, fake, { kind: 'cache', of: fake }])).toBe('verdicts from: local verus at /repo/test/fakes/bin/verus, Verus fake; cache of local verus at /repo/test/fakes/bin/verus, Verus fake [fake verifier]');
  });

  it('adds no caveat for a binary that reported a release', () => {
    expect(describeBenchVerifier([{ kind: 'docker', image: 'verus-repair/verus', digest: null, verusVersion: '0.2026.06.07.cd03505' }])).toBe('verdicts from: docker verus-repair/verus, Verus 0.2026.06.07.cd03505');
  });
});
