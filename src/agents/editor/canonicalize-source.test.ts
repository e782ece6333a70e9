import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandidateHistory } from './candidate-history.js';
import { canonicalizeSource, hashCanonicalSource } from './canonicalize-source.js';

describe('canonicalizeSource', () => {
  it('ignores comments and layout but keeps literals and meaningful separation', () => {
    const a = 'fn f(x: u64) -> u64 {\n    // add one\n    x + 1 /* nested /* c */ */\n}\n';
    const b = 'fn f(x:u64)->u64{ x+1 }';
    expect(canonicalizeSource(a)).toBe(canonicalizeSource(b));
    expect(canonicalizeSource('let s = "a  // b";')).toContain('"a  // b"');
    expect(canonicalizeSource("let c = '/'; // x")).toBe("let c='/';");
    expect(canonicalizeSource('a & &b')).not.toBe(canonicalizeSource('a && b'));
    expect(canonicalizeSource('let mut x')).toBe('let mut x');
    expect(canonicalizeSource("fn f<'a>(x: &'a u8)")).toBe("fn f<'a>(x:&'a u8)");
    expect(canonicalizeSource('r#"x // y"# + z')).toBe('r#"x // y"#+z');
  });

  it('never equates sources whose tokens differ', () => {
    expect(hashCanonicalSource('assert(x > 0);')).not.toBe(hashCanonicalSource('assert(x >= 0);'));
    expect(hashCanonicalSource('ab')).not.toBe(hashCanonicalSource('a b'));
  });

  it('is idempotent and total on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const once = canonicalizeSource(text);
        expect(canonicalizeSource(once)).toBe(once);
      }),
    );
  });
});

describe('CandidateHistory', () => {
  it('recognises the original and earlier candidates regardless of whitespace and comments', () => {
    const history = new CandidateHistory('fn f() { a(); }');
    expect(history.findIdentical('fn f() {\n  a(); // same\n}').match).toBe('original');
    const second = history.findIdentical('fn f() { b(); }');
    expect(second.match).toBeNull();
    history.remember(second.hash, 1);
    expect(history.findIdentical('fn f()   { b(); }').match).toEqual({ iteration: 1 });
  });
});
