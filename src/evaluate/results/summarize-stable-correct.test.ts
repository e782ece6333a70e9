import { describe, expect, it } from 'vitest';
import { AttemptMeter } from '../attempts/attempt-meter.js';
import { renderBenchMarkdown } from '../render/render-bench-markdown.js';
import { summarizeSetting } from './summarize-setting.js';
import { buildSyntheticAttempt } from '../attempts/testing-attempt-record.js';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchTask } from '../suites/bench-task.js';
import { summarizeBench } from './summarize-bench.js';

const scope = { settingId: 's', iterations: 3, seeds: [1], planned: 3, defectClassOf: () => null };

describe('Stable-Correct@k', () => {
  it('counts an attempt only from the iteration its candidate verified under every stability seed', () => {
    const records = [
      buildSyntheticAttempt('a', 's', 1, 1, { stabilitySeeds: 3, stableIterationsToSuccess: 1 }),
      buildSyntheticAttempt('b', 's', 1, 1, { stabilitySeeds: 3, stableIterationsToSuccess: 3 }),
      buildSyntheticAttempt('c', 's', 1, 2, { stabilitySeeds: 3, stableIterationsToSuccess: null }),
    ];
    const summary = summarizeSetting(records, scope);
    expect(summary.correctAtK.map((entry) => entry.numerator)).toEqual([2, 3, 3]);
    expect(summary.stableCorrectAtK?.map((entry) => `${entry.numerator}/${entry.denominator}`)).toEqual(['1/3', '1/3', '2/3']);
    expect(summarizeSetting([buildSyntheticAttempt('a', 's', 1, 1)], scope).stableCorrectAtK).toBeUndefined();
  });

  it('reads the first stable iteration from the run events: an unstable verified candidate does not count', () => {
    const meter = new AttemptMeter(() => 0);
    const checked = (iteration: number, stability?: string) => ({ type: 'candidate-checked' as const, iteration, sample: 0, origin: 'model' as const, result: 'verified' as const, errors: {}, violations: [], commit: 'c', wallTimeMs: 1, ...(stability === undefined ? {} : { stability }) });
    meter.observe(checked(1, 'unstable 2/3'));
    meter.observe(checked(2, 'stable 3/3'));
    expect(meter.measures).toMatchObject({ iterationsToSuccess: 1, stableIterationsToSuccess: 2 });
  });

  it('is printed beside Correct@k in summary.md when a stability check ran', () => {
    const task: BenchTask = { id: 'a', crateDir: null, file: 'src/lib.rs', brokenSource: '', originalSource: null, functions: [], defectClass: 'inv', expectedFailingFunction: null, defects: 1, origin: 'synthetic' };
    const setting: BenchSetting = { id: 's', model: { name: 'm', baseUrl: null, apiKeyEnv: 'K', prices: null }, feedback: 'none', samples: 1, temperature: 0, iterations: 3 };
    const summary = summarizeBench({ suite: 's', tasks: [task], settings: [setting], iterations: 3, seeds: [1], stopped: null, validity: [{ valid: true, taskId: 'a', baselineErrors: {} }],
      records: [buildSyntheticAttempt('a', 's', 1, 1, { stabilitySeeds: 3, stableIterationsToSuccess: 2 })] });
    const markdown = renderBenchMarkdown(summary);
    expect(markdown).toContain('| setting | Stable-Correct@1 | Stable-Correct@2 | Stable-Correct@3 |');
    expect(markdown).toMatch(/\| s[^|]*\| 0\/1 \(0\.0%\) \| 1\/1 \(100\.0%\) \| 1\/1 \(100\.0%\) \|/);
  });
});
