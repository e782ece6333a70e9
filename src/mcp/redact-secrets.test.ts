import { describe, expect, it } from 'vitest';
import { createSecretRedactor, redactJson } from './redact-secrets.js';

describe('createSecretRedactor', () => {
  const redact = createSecretRedactor({ OPENAI_API_KEY: 'sk-live-1234567890', GITHUB_TOKEN: 'ghp_abcdefghijkl', PATH: '/usr/bin:/bin', SHORT_KEY: 'abc', HOME: '/home/user' });

  it('replaces the values of secret-named variables, not other variables or short values', () => {
    expect(redact('key sk-live-1234567890 and ghp_abcdefghijkl in /usr/bin:/bin, abc')).toBe('key [redacted] and [redacted] in /usr/bin:/bin, abc');
  });

  it('redacts every string of a JSON value and keeps its shape', () => {
    expect(redactJson({ a: ['x sk-live-1234567890'], b: { c: 1, d: null, e: 'ghp_abcdefghijkl' } }, redact)).toEqual({ a: ['x [redacted]'], b: { c: 1, d: null, e: '[redacted]' } });
  });
});
