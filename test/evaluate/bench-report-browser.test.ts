import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, CHROMIUM_PATH, chromiumSuiteTitle } from '../fakes/headless-chromium.js';
import type { BenchSetting } from '../../src/evaluate/grids/bench-grid.js';
import { renderBenchHtml } from '../../src/evaluate/render/render-bench-html.js';
import { summarizeBench } from '../../src/evaluate/results/summarize-bench.js';
import { buildSyntheticAttempt } from '../../src/evaluate/attempts/testing-attempt-record.js';

const workDir = await mkdtemp(join(tmpdir(), 'bench-report-'));
afterAll(async () => rm(workDir, { recursive: true, force: true }));

const setting = (id: string): BenchSetting => ({ id, model: { name: 'm', baseUrl: null, apiKeyEnv: 'K', prices: null }, feedback: 'none', samples: 1, temperature: 0, iterations: 3 });

describe.skipIf(!CHROMIUM_AVAILABLE)(chromiumSuiteTitle('bench report.html in headless Chromium (synthetic attempts)'), () => {
  it('shows the four plots as inline SVG with marks and axis titles, offline', async () => {
    const tasks = ['a', 'b'].map((id) => ({ id, crateDir: null, file: 'src/lib.rs', brokenSource: '', originalSource: null, functions: [], defectClass: `class-${id}`, expectedFailingFunction: null, defects: 1, origin: 'synthetic' }));
    const summary = summarizeBench({
      suite: 'synthetic', tasks, settings: [setting('m.none'), setting('m.auto')], iterations: 3, seeds: [1], stopped: null,
      validity: tasks.map((task) => ({ valid: true as const, taskId: task.id, baselineErrors: {} })),
      records: [buildSyntheticAttempt('a', 'm.none', 1, 2), buildSyntheticAttempt('b', 'm.none', 1, null), buildSyntheticAttempt('a', 'm.auto', 1, 1), buildSyntheticAttempt('b', 'm.auto', 1, 3)],
    });
    const page = join(workDir, 'report.html');
    await writeFile(page, await renderBenchHtml(summary));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    try {
      const tab = await browser.newPage({ viewport: { width: 1100, height: 800 } });
      const requests: string[] = [];
      tab.on('request', (request) => void (request.url().startsWith('file:') || requests.push(request.url())));
      await tab.goto(pathToFileURL(page).href);
      const plots = tab.getByTestId('plot');
      expect(await plots.count()).toBe(4);
      for (let index = 0; index < 4; index++) {
        const svg = plots.nth(index).locator('svg');
        expect((await svg.boundingBox())?.width ?? 0).toBeGreaterThan(200);
        expect(await svg.locator('g.mark-line path, g.mark-rect path, g.mark-symbol path').count()).toBeGreaterThan(0);
      }
      expect(await plots.first().locator('svg text', { hasText: 'Correct@k' }).count()).toBeGreaterThan(0);
      expect(await plots.first().locator('g.mark-line path').count()).toBe(2);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
