import type { BenchSummary } from '../results/bench-summary.js';

/** A Vega-Lite specification (a JSON object); compiled and rendered by renderVegaLiteSvg. */
export type VegaLiteSpec = Record<string, unknown>;

/** The report's four plots, as Vega-Lite specs over the summary's figures. */
export function buildBenchCharts(summary: BenchSummary): Array<{ title: string; spec: VegaLiteSpec }> {
  const curve = summary.settings.flatMap((setting) => setting.correctAtK.map((value, index) => ({ setting: setting.settingId, k: index + 1, rate: value.rate ?? 0 })));
  const defects = summary.settings.flatMap((setting) => Object.entries(setting.byDefectClass).map(([defect, value]) => ({ setting: setting.settingId, defect, rate: value.rate ?? 0 })));
  const cost = summary.settings.map((setting) => ({
    setting: setting.settingId, rate: setting.correctAtK.at(-1)?.rate ?? 0,
    spend: setting.cost.costUsd ?? setting.cost.promptTokens + setting.cost.completionTokens,
  }));
  const spendTitle = summary.settings.every((setting) => setting.cost.costUsd !== null) ? 'cost (USD)' : 'tokens';
  const histogram = summary.settings.flatMap((setting) => Object.entries(setting.iterationsToSuccess).map(([iteration, count]) => ({ setting: setting.settingId, iteration: Number(iteration), count })));
  const base = { $schema: 'https://vega.github.io/schema/vega-lite/v6.json', width: 420, height: 240 };
  return [
    { title: 'Correct@k per setting', spec: { ...base, data: { values: curve }, mark: { type: 'line', point: true },
      encoding: { x: { field: 'k', type: 'ordinal', title: 'k (iterations)' }, y: { field: 'rate', type: 'quantitative', title: 'Correct@k', scale: { domain: [0, 1] } }, color: { field: 'setting', type: 'nominal' } } } },
    { title: 'Success by defect class', spec: { ...base, data: { values: defects }, mark: 'bar',
      encoding: { x: { field: 'defect', type: 'nominal', title: 'defect class' }, xOffset: { field: 'setting' }, y: { field: 'rate', type: 'quantitative', title: 'success rate', scale: { domain: [0, 1] } }, color: { field: 'setting', type: 'nominal' } } } },
    { title: `Success rate against ${spendTitle}`, spec: { ...base, data: { values: cost }, mark: { type: 'point', filled: true, size: 80 },
      encoding: { x: { field: 'spend', type: 'quantitative', title: spendTitle }, y: { field: 'rate', type: 'quantitative', title: `Correct@${summary.iterations}`, scale: { domain: [0, 1] } }, color: { field: 'setting', type: 'nominal' } } } },
    { title: 'Iterations to success', spec: { ...base, data: { values: histogram }, mark: 'bar',
      encoding: { x: { field: 'iteration', type: 'ordinal', title: 'iteration of the verified candidate' }, y: { field: 'count', type: 'quantitative', aggregate: 'sum', title: 'attempts' }, color: { field: 'setting', type: 'nominal' } } } },
  ];
}
