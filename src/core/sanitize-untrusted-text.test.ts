import { describe, expect, it } from 'vitest';
import { sanitizeUntrustedText } from './sanitize-untrusted-text.js';

describe('sanitizeUntrustedText', () => {
  it('keeps ordinary text, newlines, tabs and non-ASCII letters', () => {
    const text = 'Add `sorted(v@)` to the invariant.\n\tThen prove ∀ i: v[i] ≤ v[i+1]; é 😀';
    expect(sanitizeUntrustedText(text)).toBe(text);
  });

  it.each([
    ['clear screen (CSI)', 'a\x1b[2J\x1b[Hb', 'ab'],
    ['colour with parameters', '\x1b[1;31mred\x1b[0m', 'red'],
    ['window title (OSC ended by BEL)', '\x1b]0;pwned\x07text', 'text'],
    ['hyperlink (OSC ended by ST)', '\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\', 'link'],
    ['device control string', 'x\x1bPq#0;2;0;0;0\x1b\\y', 'xy'],
    ['terminal reset (two-byte escape)', 'before\x1bcafter', 'beforeafter'],
    ['charset switch', '\x1b(0lqk\x1b(B', 'lqk'],
    ['8-bit CSI', 'a\x9b2Jb', 'ab'],
    ['8-bit OSC', 'a\x9d0;t\x9cb', 'ab'],
    ['other C0, carriage return, backspace and DEL', 'ok\r\x08\x00\x7fdone\x1b', 'okdone'],
    ['a lone C1 control', 'a\x85b', 'ab'],
    ['an unterminated OSC, as a two-byte escape', 'a\x1b]0;title', 'a0;title'],
    ['bidirectional overrides and isolates', 'ok\u202e)x(\u202c \u2066y\u2069\u202a\u202b\u202d\u2067\u2068', 'ok)x( y'],
  ])('strips %s', (_label, input, expected) => {
    expect(sanitizeUntrustedText(input)).toBe(expected);
  });

  it('leaves no control character but newline and tab in any input', () => {
    let all = '';
    for (let code = 0; code < 0xa0; code += 1) all += `${String.fromCharCode(code)}x`;
    expect(sanitizeUntrustedText(all)).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });
});
