import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAttempt, readAttempts } from './attempt-log.js';
import { buildSyntheticAttempt } from './testing-attempt-record.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

describe('attempts.jsonl', () => {
  it('reads whole lines back and drops the torn line a killed bench leaves', () => {
    const file = path.join(createTemporaryDirectory('attempts'), 'attempts.jsonl');
    appendAttempt(file, buildSyntheticAttempt('a', 's', 1, 1));
    appendAttempt(file, buildSyntheticAttempt('b', 's', 1, null));
    appendFileSync(file, '{"key":"c|s|r1","taskId":"c"');
    expect(readAttempts(file).map((record) => record.key)).toEqual(['a|s|r1', 'b|s|r1']);
  });
});
