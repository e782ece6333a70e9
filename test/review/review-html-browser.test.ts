import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_AVAILABLE, CHROMIUM_PATH, chromiumSuiteTitle } from '../fakes/headless-chromium.js';
import { renderReviewHtml } from '../../src/review/report/render-review-html.js';
import type { ReviewResult } from '../../src/review/review-result.js';

const workDir = await mkdtemp(join(tmpdir(), 'review-html-'));
afterAll(async () => rm(workDir, { recursive: true, force: true }));

const ORIGIN = { kind: 'recorded', source: 'test/fixtures/review/sample-recordings.json', synthetic: true } as const;
const COUNTS = { stillborn: 1, 'killed-by-tests': 2, 'killed-by-spec-tests': 0, 'killed-by-verus': 3, survived: 1, 'timed-out': 0, unsettled: 0 };

/** A hand-built review (synthetic): two functions, one survivor whose diff holds markup to escape. */
function sampleReview(): ReviewResult {
  const mutant = { id: 'm4', operator: 'relational-operator' as const, file: 'src/lib.rs', function: 'find', line: 14, column: 17, original: '==', replacement: '!=', diff: '--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -14,1 +14,1 @@\n-        if v[i] == key { // <b>\n+        if v[i] != key { // <b>\n', sourceSha256: 'a'.repeat(64), source: '' };
  const row = (name: string, line: number) => ({ function: name, file: 'src/lib.rs', line, specLine: line + 1, specColumn: 5, mutants: 7, provenSurvivors: 0, counts: COUNTS, mutationScore: 5 / 6, settledBeforeVerus: 3 / 7, verifierCalls: 4, vacuityFindings: 0 });
  return {
    id: 'sample', crateDir: '/tmp/crate', files: ['src/lib.rs'], sourceSha256: 'b'.repeat(64), operators: ['relational-operator'], seed: 1, maxMutants: null, requestedFunctions: [], sampledWithSeed: null, totalMutants: 14,
    mutants: [{ mutant, verdict: { status: 'survived', settledBy: 'verus', origin: ORIGIN } }],
    vacuity: [{ probe: { kind: 'contradictory-requires', function: 'clamp', file: 'src/lib.rs', line: 3, column: 8, clauseLine: 4, clauseColumn: 5, description: 'assert(false) at entry' }, verdict: 'vacuous', detail: null }],
    trusted: [{ kind: 'external-body', item: 'read_clock', file: 'src/lib.rs', line: 30, detail: '#[verifier::external_body]' }],
    against: null, entailment: [], trustedAdded: null,
    functions: [row('find', 9), row('clamp', 3)], origins: [ORIGIN], verusVersion: null, generationMs: 3, findings: 2,
  };
}

describe.skipIf(!CHROMIUM_AVAILABLE)(chromiumSuiteTitle('HTML review report in headless Chromium'), () => {
  it('shows the per-function table, the survivor diff (escaped), vacuity and the trusted base', async () => {
    const page = join(workDir, 'review.html');
    await writeFile(page, renderReviewHtml(sampleReview()));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    try {
      const tab = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      await tab.goto(pathToFileURL(page).href);
      expect(await tab.getByTestId('function-row').count()).toBe(2);
      expect(await tab.getByTestId('function-row').first().textContent()).toContain('83%');
      const survivor = tab.getByTestId('survivor');
      expect(await survivor.count()).toBe(1);
      expect(await survivor.locator('pre').textContent()).toContain('+        if v[i] != key { // <b>');
      expect(await tab.locator('pre b').count()).toBe(0);
      expect(await tab.getByTestId('origins').textContent()).toBe('verifier: recorded outputs (synthetic) from test/fixtures/review/sample-recordings.json');
      expect(await tab.getByTestId('vacuity').textContent()).toContain('vacuous');
      expect(await tab.getByTestId('trusted').textContent()).toContain('read_clock');
      const screenshot = join(workDir, 'review.png');
      await tab.screenshot({ path: screenshot, fullPage: true });
      expect((await stat(screenshot)).size).toBeGreaterThan(5_000);
    } finally {
      await browser.close();
    }
  });
});
