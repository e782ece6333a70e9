import { describe, expect, it } from 'vitest';
import { adaptSpecText } from './adapt-spec-text.js';

const adapt = (text: string, old: Record<string, string> = {}) => adaptSpecText(text, { oldNames: new Map(Object.entries(old)) });

describe('adaptSpecText', () => {
  it('gives int binders the usize type and one guard per binder, splitting a chained guard', () => {
    expect(adapt('forall|i: int, j: int| 0 <= i <= j < s.len() ==> s[i] <= s[j]')).toEqual({
      ok: true, text: 'forall|i: usize, j: usize| 0 <= i < s.len() && i <= j < s.len() ==> (s[i] <= s[j])',
    });
  });

  it('keeps a guard that bounds no binder as a condition of the body, and rewrites nested quantifiers', () => {
    expect(adapt('exists|i: int| 0 <= i < v.len() && v[i] > 0 && forall|j: int| 0 <= j < i ==> v[j] == 0')).toEqual({
      ok: true, text: 'exists|i: usize| 0 <= i < v.len() && (v[i] > 0 && forall|j: usize| 0 <= j < i ==> (v[j] == 0))',
    });
  });

  it('rewrites Option tests as matches, and old/final of &mut parameters', () => {
    expect(adapt('r.is_some() ==> old(v)@[r.unwrap() as int] == final(v)@[0] && s is None', { v: 'old_v' })).toEqual({
      ok: true, text: '(r matches Some(_)) ==> old_v@[r.unwrap() as int] == v@[0] && (s matches None)',
    });
  });

  it('refuses an unbounded quantifier over int, choose and closures, with the reason', () => {
    expect(adapt('forall|i: int| f(i) >= 0')).toMatchObject({ ok: false, reason: expect.stringContaining('unbounded quantifier') });
    expect(adapt('forall|i: int| 0 <= i ==> f(i) >= 0')).toMatchObject({ ok: false, reason: expect.stringContaining('unbounded quantifier') });
    expect(adapt('r == choose|i: int| 0 <= i < 5')).toMatchObject({ ok: false, reason: expect.stringContaining('choose') });
    expect(adapt('apply(|x: int| x + 1, 3) == 4')).toMatchObject({ ok: false, reason: expect.stringContaining('closures') });
  });

  it('leaves a bitwise or alone', () => {
    expect(adapt('(a | b) == c')).toEqual({ ok: true, text: '(a | b) == c' });
  });
});
