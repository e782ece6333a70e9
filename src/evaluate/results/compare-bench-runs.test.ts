import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAttempt } from '../attempts/attempt-log.js';
import { compareBenchRuns } from './compare-bench-runs.js';
import { buildSyntheticAttempt } from '../attempts/testing-attempt-record.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

describe('compareBenchRuns', () => {
  it('compares Correct@k per setting on the tasks both benches attempted only', () => {
    const root = createTemporaryDirectory('compare');
    const [a, b] = ['a', 'b'].map((name) => path.join(root, name)) as [string, string];
    mkdirSync(a);
    mkdirSync(b);
    appendAttempt(path.join(a, 'attempts.jsonl'), buildSyntheticAttempt('t1', 's', 1, 2, { iterations: 3 }));
    appendAttempt(path.join(a, 'attempts.jsonl'), buildSyntheticAttempt('t2', 's', 1, null, { iterations: 3 }));
    appendAttempt(path.join(a, 'attempts.jsonl'), buildSyntheticAttempt('only-a', 's', 1, 1));
    appendAttempt(path.join(b, 'attempts.jsonl'), buildSyntheticAttempt('t1', 's', 1, 1, { iterations: 3 }));
    appendAttempt(path.join(b, 'attempts.jsonl'), buildSyntheticAttempt('t2', 's', 1, 3, { iterations: 3 }));
    appendAttempt(path.join(b, 'attempts.jsonl'), buildSyntheticAttempt('t1', 'only-b', 1, 1));
    const [comparison, ...rest] = compareBenchRuns(a, b);
    expect(rest).toEqual([]);
    expect(comparison?.tasks).toBe(2);
    expect(comparison?.rows.map((row) => [`${row.a.numerator}/${row.a.denominator}`, `${row.b.numerator}/${row.b.denominator}`, row.difference])).toEqual([
      ['0/2', '1/2', 0.5], ['1/2', '1/2', 0], ['1/2', '2/2', 0.5],
    ]);
  });

  it('refuses a bench whose attempts.jsonl has a line that is not a whole record, naming the file and the line', () => {
    const root = createTemporaryDirectory('compare-torn');
    const [a, b] = ['a', 'b'].map((name) => path.join(root, name)) as [string, string];
    mkdirSync(a);
    mkdirSync(b);
    appendAttempt(path.join(a, 'attempts.jsonl'), buildSyntheticAttempt('t1', 's', 1, 1));
    appendAttempt(path.join(b, 'attempts.jsonl'), buildSyntheticAttempt('t1', 's', 1, 1));
    appendFileSync(path.join(b, 'attempts.jsonl'), '{"key": "t2/s/1", "truncated');
    expect(() => compareBenchRuns(a, b)).toThrow(`${path.join(b, 'attempts.jsonl')}: 1 line of attempts.jsonl skipped (line 2): not whole attempt records (a bench killed mid-write, or an edited file); finish the bench with --resume first, which runs those attempts again`);
  });
});
