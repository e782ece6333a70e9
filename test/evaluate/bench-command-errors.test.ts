import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../run-cli-in-process.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('verus-repair bench: bad input is a one-line configuration error (exit 2) before anything is created', () => {
  it('names the grid file and the unknown key', async () => {
    const grid = path.join(scratch, 'grid.toml');
    writeFileSync(grid, 'iteratons = 6\n[[model]]\nname = "m"\n');
    const out = path.join(scratch, 'out-1');
    const run = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--grid', grid, '--out', out);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(grid);
    expect(run.stderr).toContain('iteratons');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a feedback level the agents do not define, and a model-less bench', async () => {
    const feedback = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--model', 'm', '--feedback', 'none,loud', '--out', path.join(scratch, 'out-2'));
    expect(feedback.exitCode).toBe(2);
    expect(feedback.stderr).toContain('--feedback expects a comma-separated list of none, generic, auto');
    const model = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--out', path.join(scratch, 'out-3'));
    expect(model.exitCode).toBe(2);
    expect(model.stderr).toContain('no model to bench');
  });

  it('refuses a suite that is not one', async () => {
    const run = await runCliInProcess('bench', scratch, '--model', 'm', '--out', path.join(scratch, 'out-4'));
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('is not a suite');
  });
});
