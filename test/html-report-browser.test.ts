import { mkdtemp, rm, writeFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, CHROMIUM_PATH, chromiumSuiteTitle } from './fakes/headless-chromium.js';
import { renderHtmlReport } from '../src/report/render-html-report.js';
import { buildSampleRunReport } from '../src/report/sample-run-report.js';


const workDir = await mkdtemp(join(tmpdir(), 'html-report-'));
afterAll(async () => rm(workDir, { recursive: true, force: true }));

describe.skipIf(!CHROMIUM_AVAILABLE)(chromiumSuiteTitle('HTML run report in headless Chromium'), () => {
  it('renders the iteration timeline and candidates, and takes a screenshot', async () => {
    const page = join(workDir, 'report.html');
    await writeFile(page, renderHtmlReport(buildSampleRunReport()));
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 1100, height: 800 } });
      await tab.goto(pathToFileURL(page).href);
      const steps = tab.getByTestId('timeline-step');
      expect(await steps.count()).toBe(2);
      expect(await steps.first().isVisible()).toBe(true);
      expect(await tab.getByTestId('candidate').count()).toBe(3);
      expect(await tab.getByTestId('outcome').textContent()).toBe('verified');
      const timelineBox = await tab.getByTestId('timeline').boundingBox();
      expect(timelineBox?.height ?? 0).toBeGreaterThan(20);
      const screenshot = join(workDir, 'report.png');
      await tab.screenshot({ path: screenshot, fullPage: true });
      expect((await stat(screenshot)).size).toBeGreaterThan(5_000);
    } finally {
      await browser.close();
    }
  });
});
