import { describe, expect, it } from 'vitest';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchTask } from '../suites/bench-task.js';
import { renderBenchHtml } from '../render/render-bench-html.js';
import { renderBenchMarkdown } from '../render/render-bench-markdown.js';
import { summarizeBench } from './summarize-bench.js';
import { buildSyntheticAttempt } from '../attempts/testing-attempt-record.js';

const task = (id: string, category: string | null): BenchTask => ({ id, crateDir: null, file: 'src/lib.rs', brokenSource: '', originalSource: null, functions: [], defectClass: null, expectedFailingFunction: null, defects: 1, origin: 'synthetic', category });
const setting: BenchSetting = { id: 'm.none.s1.t0', model: { name: 'm', baseUrl: null, apiKeyEnv: 'K', prices: null }, feedback: 'none', samples: 1, temperature: 0, iterations: 2 };

describe('Correct@k by category in summary.md and report.html (synthetic attempts)', () => {
  const summary = summarizeBench({
    suite: 'Verus-Bench', tasks: [task('CloverBench.a', 'CloverBench'), task('MBPP.b', 'MBPP'), task('MBPP.c', 'MBPP')], settings: [setting], iterations: 2, seeds: [1], stopped: null,
    validity: [{ valid: true, taskId: 'CloverBench.a', baselineErrors: {} }, { valid: true, taskId: 'MBPP.b', baselineErrors: {} }, { valid: false, taskId: 'MBPP.c', reason: 'already-verified', detail: '' }],
    records: [buildSyntheticAttempt('CloverBench.a', setting.id, 1, 2), buildSyntheticAttempt('MBPP.b', setting.id, 1, 1)],
  });

  it('lists each category under each setting and overall, with its valid and total tasks', () => {
    const markdown = renderBenchMarkdown(summary);
    expect(markdown).toContain('## Correct@k by category');
    expect(markdown).toContain('| CloverBench | 1/1 | m.none.s1.t0 | 0/1 (0.0%) | 1/1 (100.0%) |');
    expect(markdown).toContain('| MBPP | 1/2 | overall | 1/1 (100.0%) | 1/1 (100.0%) |');
  });

  it('gives report.html a table of its own', async () => {
    const html = await renderBenchHtml(summary);
    expect(html).toMatch(/<table data-testid="by-category">[\s\S]*<tr><td>CloverBench<\/td><td>1\/1<\/td><td>m\.none\.s1\.t0<\/td><td>0\/1 \(0\.0%\)<\/td><td>1\/1 \(100\.0%\)<\/td><\/tr>/);
  });

  it('adds nothing for a suite without categories', async () => {
    const plain = summarizeBench({ suite: 's', tasks: [task('a', null)], settings: [setting], iterations: 2, seeds: [1], stopped: null, validity: [{ valid: true, taskId: 'a', baselineErrors: {} }], records: [buildSyntheticAttempt('a', setting.id, 1, 1)] });
    expect(renderBenchMarkdown(plain)).not.toContain('by category');
    expect(await renderBenchHtml(plain)).not.toContain('by-category');
  });
});
