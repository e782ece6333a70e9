import { describe, expect, it } from 'vitest';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchTask } from '../suites/bench-task.js';
import { summarizeBench } from './summarize-bench.js';
import { buildSyntheticAttempt } from '../attempts/testing-attempt-record.js';

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

  it('breaks Correct@k down by task category, and records every task\'s category and the suite\'s public name', () => {
    const categorized = (id: string, category: string): BenchTask => ({ ...task(id, 'none'), category, publishedSuite: 'VeruSAGE-Bench' });
    const summary = summarizeBench({
      suite: 's', tasks: [categorized('AL__a', 'Anvil'), categorized('AL__b', 'Anvil'), categorized('MA__c', 'Memory Allocator'), categorized('MA__bad', 'Memory Allocator')], settings: [setting('x')], iterations: 2, seeds: [1], stopped: null,
      validity: [...['AL__a', 'AL__b', 'MA__c'].map((taskId) => ({ valid: true as const, taskId, baselineErrors: {} })), { valid: false, taskId: 'MA__bad', reason: 'already-verified', detail: '' }],
      records: [buildSyntheticAttempt('AL__a', 'x', 1, 1), buildSyntheticAttempt('AL__b', 'x', 1, 2), buildSyntheticAttempt('MA__c', 'x', 1, null)],
    });
    const show = (ratios: Array<{ numerator: number; denominator: number }> | undefined) => ratios?.map((value) => `${value.numerator}/${value.denominator}`);
    expect(Object.keys(summary.settings[0]?.byCategory ?? {})).toEqual(['Anvil', 'Memory Allocator']);
    expect(show(summary.settings[0]?.byCategory?.['Anvil'])).toEqual(['1/2', '2/2']);
    expect(show(summary.settings[0]?.byCategory?.['Memory Allocator'])).toEqual(['0/1', '0/1']);
    expect(show(summary.overall.byCategory?.['Anvil'])).toEqual(['1/2', '2/2']);
    expect(summary.taskCategories).toEqual({ AL__a: 'Anvil', AL__b: 'Anvil', MA__c: 'Memory Allocator', MA__bad: 'Memory Allocator' });
    expect(summary.publishedSuite).toBe('VeruSAGE-Bench');
    // Tasks without categories (rust-fixtures, plain manifests) give no breakdown and no public name.
    const plain = summarizeBench({ suite: 's', tasks: [task('a', 'inv')], settings: [setting('x')], iterations: 1, seeds: [1], stopped: null, validity: [{ valid: true, taskId: 'a', baselineErrors: {} }], records: [buildSyntheticAttempt('a', 'x', 1, 1)] });
    expect(plain.settings[0]?.byCategory).toEqual({});
    expect(plain.publishedSuite).toBeNull();
  });
});
