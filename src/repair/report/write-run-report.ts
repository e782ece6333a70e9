import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderHtmlReport } from '../../report/render-html-report.js';
import { renderMarkdownReport } from '../../report/render-markdown-report.js';
import type { RunReport } from '../../report/run-report.js';

/** Writes report.md, report.html and report.json under `.verus-repair/runs/<run>/`, each atomically. */
export async function writeRunReport(repoDir: string, report: RunReport): Promise<string[]> {
  const directory = path.join(repoDir, '.verus-repair', 'runs', report.runId);
  await mkdir(directory, { recursive: true });
  const files: Array<[string, string]> = [
    ['report.md', renderMarkdownReport(report)],
    ['report.html', renderHtmlReport(report)],
    ['report.json', `${JSON.stringify(report, null, 2)}\n`],
  ];
  const written: string[] = [];
  for (const [name, content] of files) {
    const target = path.join(directory, name);
    await writeFile(`${target}.tmp`, content);
    await rename(`${target}.tmp`, target);
    written.push(target);
  }
  return written;
}
