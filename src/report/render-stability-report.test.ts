import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from './render-html-report.js';
import { renderMarkdownReport } from './render-markdown-report.js';
import type { RunReport } from './run-report.js';
import { buildSampleRunReport } from './sample-run-report.js';

/** The sample report with its verified candidate stability-checked (synthetic). */
function withStability(): RunReport {
  const report = buildSampleRunReport();
  const iterations = report.iterations.map((iteration) => ({
    ...iteration,
    candidates: iteration.candidates.map((candidate) => (candidate.result !== 'verified' ? candidate
      : { ...candidate, stability: { label: 'unstable 2/3', stable: false, failedSeeds: [3], rlimitMargin: '0.550 (16500000 of 30000000, f, seed 2); near the limit', nearLimit: true } })),
  }));
  return { ...report, stability: 'unstable 2/3', iterations };
}

describe('run reports of a stability-checked run', () => {
  it('say unstable k/N beside verified, the failed seeds and the margin, in Markdown and HTML', () => {
    const markdown = renderMarkdownReport(withStability());
    expect(markdown).toContain('outcome: **verified (unstable 2/3)**');
    expect(markdown).toMatch(/\| verified \(unstable 2\/3\) \|/);
    expect(markdown).toContain('Stability: unstable 2/3 (failed under seed 3); Rlimit-Margin: 0.550 (16500000 of 30000000, f, seed 2); near the limit');
    const html = renderHtmlReport(withStability());
    expect(html).toMatch(/data-testid="outcome">verified \(unstable 2\/3\)<\/span>/);
    expect(html).toContain('data-testid="rlimit-margin">Rlimit-Margin: 0.550');
    expect(renderMarkdownReport(buildSampleRunReport())).not.toContain('Stability:');
  });
});
