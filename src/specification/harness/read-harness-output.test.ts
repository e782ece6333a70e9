import { describe, expect, it } from 'vitest';
import { readHarnessOutput } from './read-harness-output.js';

describe('readHarnessOutput', () => {
  it('keeps the known line shapes and counts everything else as ignored (the output of user code is untrusted)', () => {
    const stdout = [
      'hello from the user code',
      '{"type":"panic","inputs":["[]"],"message":"index out of bounds","location":"src/lib.rs:3:5"}',
      '{"type":"ensures-false","clause":-1,"inputs":[],"result":"0","after":[]}',
      '{"type":"summary","start":0,"next":5,"total":5,"tried":5,"satisfying":5,"exhaustive":5,"requiresPanicked":0,"specPanics":[]}',
      '{"type":"summary"',
      '',
    ].join('\n');
    const { lines, ignored } = readHarnessOutput(stdout);
    expect(lines.map((line) => line.type)).toEqual(['panic', 'summary']);
    expect(ignored).toBe(3);
  });
});
