import { describe, expect, it } from 'vitest';
import { attemptSlug } from './attempt-key.js';

describe('attemptSlug', () => {
  it('keeps a short slug as it is', () => {
    expect(attemptSlug({ taskId: 't', settingId: 'm.none.s1.t0.2', repetition: 2 })).toBe('t--m.none.s1.t0.2--r2');
  });
  it('gives attempts whose ids differ only past 120 characters different slugs of at most 120 (issue 18, item 11)', () => {
    const model = 'm'.repeat(120);
    const a = attemptSlug({ taskId: 'task', settingId: `${model}.none.s1.t0.2`, repetition: 1 });
    const b = attemptSlug({ taskId: 'task', settingId: `${model}.generic.s1.t0.2`, repetition: 1 });
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(120);
    expect(a.startsWith(`task--${'m'.repeat(50)}`)).toBe(true);
  });
});
