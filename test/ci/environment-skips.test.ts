import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Runs real suites in a child vitest with what they need taken away: outside CI they must skip and say why
// in their title; with CI set they must fail (CI installs redis-server and lays ../shared beside the clone).
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'environment-skips-'));
// A PATH holding node alone: no redis-server, wherever the machine installed it.
const nodeOnly = path.join(scratch, 'bin');
mkdirSync(nodeOnly);
symlinkSync(process.execPath, path.join(nodeOnly, 'node'));

interface SuiteRun {
  exitStatus: number;
  fileStatus: string;
  message: string;
  titles: string[];
  states: string[];
}

async function runSuite(testFile: string, environment: Record<string, string>): Promise<SuiteRun> {
  const outputFile = path.join(scratch, `${path.basename(testFile)}-${Object.keys(environment).join('-')}.json`);
  const args = [path.join(repository, 'node_modules/vitest/vitest.mjs'), 'run', testFile, '--reporter=json', `--outputFile=${outputFile}`];
  // The child gets no VITEST_* or CI variables from this run: only what the case sets.
  const env = { PATH: nodeOnly, HOME: os.homedir(), TMPDIR: os.tmpdir(), ...environment };
  const exitStatus = await new Promise<number>((resolve) => {
    execFile(process.execPath, args, { cwd: repository, env, timeout: 120_000 }, (error) => resolve(error === null ? 0 : typeof error.code === 'number' ? error.code : -1));
  });
  const results = JSON.parse(readFileSync(outputFile, 'utf8'));
  const [file] = results.testResults;
  const assertions: Array<{ ancestorTitles: string[]; status: string }> = file.assertionResults;
  return { exitStatus, fileStatus: file.status, message: file.message, titles: assertions.map((assertion) => assertion.ancestorTitles.join(' > ')), states: assertions.map((assertion) => assertion.status) };
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a queue suite on a machine without redis-server', () => {
  const suite = 'src/queue/queue-verifier.test.ts';

  it('skips outside CI and says why in its title', async () => {
    const run = await runSuite(suite, {});
    expect(run.exitStatus).toBe(0);
    expect(new Set(run.states)).toEqual(new Set(['skipped']));
    expect(run.titles[0]).toContain('[skipped: no redis-server on PATH');
  }, 120_000);

  it('fails in CI', async () => {
    const run = await runSuite(suite, { CI: '1' });
    expect(run.exitStatus).toBe(1);
    expect(run.fileStatus).toBe('failed');
    expect(run.message).toContain('redis-server');
  }, 120_000);
});

describe('a shared-corpus suite without ../shared/verus-outputs', () => {
  const suite = 'src/diagnostics/output/real-verus-outputs.test.ts';
  const absent = { VERUS_OUTPUTS_DIR: path.join(scratch, 'no-such-corpus') };

  it('skips outside CI and says why in its title', async () => {
    const run = await runSuite(suite, absent);
    expect(run.exitStatus).toBe(0);
    expect(new Set(run.states)).toEqual(new Set(['skipped']));
    expect(run.titles[0]).toContain(`[skipped: ${absent.VERUS_OUTPUTS_DIR}/ is absent`);
  }, 120_000);

  it('fails in CI', async () => {
    const run = await runSuite(suite, { ...absent, CI: 'true' });
    expect(run.exitStatus).toBe(1);
    expect(run.fileStatus).toBe('failed');
    expect(run.message).toContain(`${absent.VERUS_OUTPUTS_DIR}/ is absent`);
  }, 120_000);
});
