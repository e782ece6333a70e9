import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Runs the script `.ci/run` runs, on results vitest 4 wrote for throwaway suites (test/fixtures/vitest-json/README.md).
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(repository, '.ci/summarize-vitest-results.mjs');

function summarize(fixture: string, exitStatus: number): string[] {
  const results = path.join(repository, 'test/fixtures/vitest-json', fixture);
  const output = execFileSync(process.execPath, [script, results, String(exitStatus)], { encoding: 'utf8' });
  return output.trimEnd().split('\n');
}

describe('the CI summary line', () => {
  it('counts a suite whose beforeAll throws as failed, though vitest marks its tests skipped', () => {
    const lines = summarize('before-all-throws.json', 1);
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
    expect(lines).toContain('failed suite: <root>/t/before-all-file.test.ts: setup failed at file level');
  });

  it('counts a suite that fails to import as failed', () => {
    const lines = summarize('import-fails.json', 1);
    expect(lines.at(-1)).toBe('0 passed, 1 failed');
    expect(lines.join('\n')).toContain("Cannot find module './does-not-exist.js'");
  });

  it('counts failed tests once and each failed suite without a failed test once', () => {
    // 1 failed test (fails) + 5 files that failed with no failed test: before-all-file, before-all-describe,
    // import-fails, after-all, top-level-throw. Passed: pass (2), before-all-describe's outside test, after-all's test.
    expect(summarize('mixed-run.json', 1).at(-1)).toBe('4 passed, 6 failed');
  });

  it('reports a failing exit with no failure in the results as one failure', () => {
    // An error thrown outside any test leaves every test passed and success true; vitest still exits 1.
    const lines = summarize('unhandled-error.json', 1);
    expect(lines.at(-1)).toBe('1 passed, 1 failed');
    expect(lines.join('\n')).toContain('vitest exited 1 with no failed test or suite');
  });

  it('prints only the counts for a clean run', () => {
    expect(summarize('all-pass.json', 0)).toEqual(['2 passed, 0 failed']);
  });
});
