import { escapeHtml } from '../../report/escape-html.js';
import { buildBenchCharts } from './bench-charts.js';
import type { BenchSummary, Ratio } from '../results/bench-summary.js';
import { describeCategoryBreakdown } from '../results/describe-category-breakdown.js';
import { renderBenchMarkdown } from './render-bench-markdown.js';
import { renderVegaLiteSvg } from './render-vega-lite-svg.js';

/** report.html: one self-contained file, the plots as inline SVG rendered now, then the tables. */
export async function renderBenchHtml(summary: BenchSummary): Promise<string> {
  const charts = await Promise.all(buildBenchCharts(summary).map(async (chart) => `<figure class="plot" data-testid="plot"><figcaption>${escapeHtml(chart.title)}</figcaption>${await renderVegaLiteSvg(chart.spec)}</figure>`));
  return [
    '<!doctype html>', '<html lang="en"><head><meta charset="utf-8">', `<title>verus-repair bench: ${escapeHtml(summary.suite)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:72rem}figure.plot{display:inline-block;margin:1rem}figcaption{font-weight:600}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}</style>',
    '</head><body>', `<h1>verus-repair bench: ${escapeHtml(summary.suite)}</h1>`,
    `<p>${summary.tasks.valid} valid tasks of ${summary.tasks.total}${summary.stopped === null ? '' : `; stopped early: ${escapeHtml(summary.stopped)}`}.</p>`,
    `<p data-testid="origins">verifier: ${escapeHtml(summary.overall.origins.verifier.join('; ') || 'no verdict was reached')} · model: ${escapeHtml(summary.overall.origins.model.join('; ') || 'no model was asked')}${summary.overall.origins.caveats.length === 0 ? '' : ` · <strong>caveats: ${escapeHtml(summary.overall.origins.caveats.join('; '))}</strong>`}</p>`,
    '<section id="plots">', ...charts, '</section>', ...renderCategoryTable(summary), '<h2>Tables</h2>', `<pre>${escapeHtml(renderBenchMarkdown(summary))}</pre>`, '</body></html>', '',
  ].join('\n');
}

/** Correct@k per category as a table of its own (Verus-Bench sources, VeruSAGE-Bench projects); nothing when no task has a category. */
function renderCategoryTable(summary: BenchSummary): string[] {
  const rows = describeCategoryBreakdown(summary);
  if (rows.length === 0) return [];
  const cell = (value: Ratio): string => `${value.numerator}/${value.denominator}${value.rate === null ? '' : ` (${(value.rate * 100).toFixed(1)}%)`}`;
  const ks = Array.from({ length: summary.iterations }, (_, index) => `<th>Correct@${index + 1}</th>`).join('');
  return [
    '<h2>Correct@k by category</h2>', '<table data-testid="by-category"><thead><tr><th>category</th><th>tasks (valid/all)</th><th>setting</th>', ks, '</tr></thead><tbody>',
    ...rows.map((row) => `<tr><td>${escapeHtml(row.category)}</td><td>${row.tasks.valid}/${row.tasks.total}</td><td>${escapeHtml(row.settingId)}</td>${row.correctAtK.map((value) => `<td>${cell(value)}</td>`).join('')}</tr>`),
    '</tbody></table>',
  ];
}
