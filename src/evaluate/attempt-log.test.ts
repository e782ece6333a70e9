import { appendFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendAttempt, readAttempts } from './attempt-log.js';
import { buildSyntheticAttempt } from './testing-attempt-record.js';

describe('attempts.jsonl', () => {
  it('reads whole lines back and drops the torn line a killed bench leaves', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'attempts-')), 'attempts.jsonl');
    appendAttempt(file, buildSyntheticAttempt('a', 's', 1, 1));
    appendAttempt(file, buildSyntheticAttempt('b', 's', 1, null));
    appendFileSync(file, '{"key":"c|s|r1","taskId":"c"');
    expect(readAttempts(file).map((record) => record.key)).toEqual(['a|s|r1', 'b|s|r1']);
  });
});
