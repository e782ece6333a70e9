import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAttempt, endTornLine, readAttemptLog, readAttempts } from './attempt-log.js';
import { buildSyntheticAttempt } from './testing-attempt-record.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

describe('attempts.jsonl', () => {
  it('reads whole lines back and drops the torn line a killed bench leaves', () => {
    const file = path.join(createTemporaryDirectory('attempts'), 'attempts.jsonl');
    appendAttempt(file, buildSyntheticAttempt('a', 's', 1, 1));
    appendAttempt(file, buildSyntheticAttempt('b', 's', 1, null));
    appendFileSync(file, '{"key":"c|s|r1","taskId":"c"');
    expect(readAttempts(file).map((record) => record.key)).toEqual(['a|s|r1', 'b|s|r1']);
  });

  it('counts the lines it skips, and starts a new line after a torn one so the next record stays readable', () => {
    const file = path.join(createTemporaryDirectory('attempts'), 'attempts.jsonl');
    appendAttempt(file, buildSyntheticAttempt('a', 's', 1, 1));
    appendFileSync(file, '[1, 2]\n{"taskId":"no key"}\n{"key":"b|s|r1"');
    const log = readAttemptLog(file);
    expect(log).toMatchObject({ skippedLines: [2, 3, 4], endsTorn: true });
    endTornLine(file, log);
    appendAttempt(file, buildSyntheticAttempt('b', 's', 1, null));
    expect(readAttemptLog(file)).toMatchObject({ skippedLines: [2, 3, 4], endsTorn: false });
    expect(readAttempts(file).map((record) => record.key)).toEqual(['a|s|r1', 'b|s|r1']);
  });
});
