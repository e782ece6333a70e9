import path from 'node:path';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchSummary } from '../results/bench-summary.js';
import { renderBenchHtml } from './render-bench-html.js';
import { renderBenchMarkdown } from './render-bench-markdown.js';
import { writeBenchFile } from './write-bench-file.js';

/** summary.json, summary.md, report.html and settings.json in the bench directory; returns their paths. A failed write is an AdapterError naming the file. */
export async function writeBenchOutputs(outDir: string, summary: BenchSummary, settings: readonly BenchSetting[]): Promise<string[]> {
  const files: Array<[string, string]> = [
    ['summary.json', `${JSON.stringify(summary, null, 2)}\n`],
    ['summary.md', renderBenchMarkdown(summary)],
    ['report.html', await renderBenchHtml(summary)],
    ['settings.json', `${JSON.stringify(settings, null, 2)}\n`],
  ];
  for (const [name, text] of files) await writeBenchFile(path.join(outDir, name), text);
  return files.map(([name]) => path.join(outDir, name));
}
