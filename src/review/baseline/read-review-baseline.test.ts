import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './find-json-syntax-error.js';
import { parseReviewBaseline } from './read-review-baseline.js';

describe('parseReviewBaseline', () => {
  it('names the line and column of a JSON syntax error, on any Node version', () => {
    expect(() => parseReviewBaseline('b.json', '{\n  "findings": [\n    {"fingerprint": }\n  ]\n}\n')).toThrow(/^b\.json:3:21: not JSON: a syntax error here; expected a baseline/);
    expect(() => parseReviewBaseline('b.json', '')).toThrow(/^b\.json:1:1: not JSON/);
  });

  it('names the entry line and field of a schema error', () => {
    const text = `{"schema": "verus-repair/review-baseline@1", "review": "r", "findings": [\n  {"fingerprint": "x", "kind": "k", "file": "f", "function": "g", "line": 1, "message": "m"}\n]}`;
    expect(() => parseReviewBaseline('b.json', text)).toThrow('b.json:2:1: findings[0].fingerprint: expected 64 lowercase hex digits (a sha256)');
    expect(() => parseReviewBaseline('b.json', '{"schema": "other"}')).toThrow(/^b\.json:1:1: schema: /);
  });

  it('finds the first syntax error as JSON.parse would reject it', () => {
    for (const good of ['{}', ' [1, -2.5e3, "a\\u00e9\\n", true, false, null, {"k": []}] ', '"x"']) expect(findJsonSyntaxError(good)).toBeNull();
    expect(findJsonSyntaxError('[1, 2,]')).toBe(6);
    expect(findJsonSyntaxError('{"a": 1} x')).toBe(9);
    expect(findJsonSyntaxError('{"a" 1}')).toBe(5);
    expect(findJsonSyntaxError('[01]')).toBe(2);
  });
});
