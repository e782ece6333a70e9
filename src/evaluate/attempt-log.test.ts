import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAttempt, readAttempts } from './attempt-log.js';
import { buildSyntheticAttempt } from './testing-attempt-record.js';

const created: string[] = [];
const temporary = (prefix: string): string => {
  const directory = mkdtempSync(prefix);
  created.push(directory);
  return directory;
};
afterAll(() => created.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

describe('attempts.jsonl', () => {
  it('reads whole lines back and drops the torn line a killed bench leaves', () => {
    const file = path.join(temporary(path.join(os.tmpdir(), 'attempts-')), 'attempts.jsonl');
    appendAttempt(file, buildSyntheticAttempt('a', 's', 1, 1));
    appendAttempt(file, buildSyntheticAttempt('b', 's', 1, null));
    appendFileSync(file, '{"key":"c|s|r1","taskId":"c"');
    expect(readAttempts(file).map((record) => record.key)).toEqual(['a|s|r1', 'b|s|r1']);
  });
});
