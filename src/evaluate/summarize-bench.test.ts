import { describe, expect, it } from 'vitest';
import type { BenchSetting } from './bench-grid.js';
import type { BenchTask } from './bench-task.js';
import { summarizeBench } from './summarize-bench.js';
import { buildSyntheticAttempt } from './testing-attempt-record.js';

const task = (id: string, defectClass: string): BenchTask => ({ id, crateDir: null, file: 'src/lib.rs', brokenSource: '', originalSource: null, functions: [], defectClass, expectedFailingFunction: null, defects: 1, origin: 'synthetic' });
const setting = (id: string): BenchSetting => ({ id, model: { name: 'm', baseUrl: null, apiKeyEnv: 'K', prices: null }, feedback: 'none', samples: 1, temperature: 0, iterations: 3 });

describe('summarizeBench', () => {
  it('counts Correct@k over attempts of valid tasks only, with pass@k over repetitions and the spread', () => {
    const summary = summarizeBench({
      suite: 's', tasks: [task('a', 'inv'), task('b', 'dec'), task('bad', 'inv')], settings: [setting('x')], iterations: 3, seeds: [1, 2], stopped: null,
      validity: [{ valid: true, taskId: 'a', baselineErrors: {} }, { valid: true, taskId: 'b', baselineErrors: {} }, { valid: false, taskId: 'bad', reason: 'already-verified', detail: '' }],
      records: [
        buildSyntheticAttempt('a', 'x', 1, 1), buildSyntheticAttempt('a', 'x', 2, 3), buildSyntheticAttempt('b', 'x', 1, null), buildSyntheticAttempt('b', 'x', 2, 2),
        buildSyntheticAttempt('bad', 'x', 1, 1),
      ],
    });
    const [x] = summary.settings;
    expect(x?.correctAtK.map((value) => `${value.numerator}/${value.denominator}`)).toEqual(['1/4', '2/4', '3/4']);
    expect(x?.planned).toBe(4);
    expect(x?.passAtK).toEqual([{ k: 1, estimate: 0.75, tasks: 2 }, { k: 2, estimate: 1, tasks: 2 }]);
    expect(x?.perRepetition.map((entry) => entry.correct.numerator)).toEqual([1, 2]);
    expect(x?.spread).toMatchObject({ min: 0.5, max: 1 });
    expect(x?.iterationsToSuccess).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(x?.byDefectClass).toEqual({ inv: { numerator: 2, denominator: 2, rate: 1 }, dec: { numerator: 1, denominator: 2, rate: 0.5 } });
    expect(x?.failuresByErrorKind).toEqual({ 'invariant-end-of-loop-body': 1 });
    expect(x?.repairedObligations).toEqual({ numerator: 7, denominator: 8, rate: 7 / 8 });
    expect(summary.tasks.invalid).toEqual([{ valid: false, taskId: 'bad', reason: 'already-verified', detail: '' }]);
  });
});
