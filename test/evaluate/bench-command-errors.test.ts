import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
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

  it('refuses an --out or --record inside .git, an --out that is a file, and generate --out /dev/full, writing nothing (issue 18, items 5 and 12)', async () => {
    const repository = path.join(scratch, 'repository');
    execFileSync('git', ['init', '-q', repository]);
    const refsBefore = readdirSync(path.join(repository, '.git', 'refs')).sort();
    const intoRefs = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--model', 'm', '--out', path.join(repository, '.git', 'refs'));
    expect(intoRefs.exitCode).toBe(2);
    expect(intoRefs.stderr).toContain(`--out ${path.join(repository, '.git', 'refs')}: this is inside the git directory`);
    expect(readdirSync(path.join(repository, '.git', 'refs')).sort()).toEqual(refsBefore);
    const record = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--model', 'm', '--out', path.join(scratch, 'out-5'), '--record', path.join(repository, '.git', 'cassettes'));
    expect(record.exitCode).toBe(2);
    expect(record.stderr).toContain('--record');
    expect(existsSync(path.join(scratch, 'out-5'))).toBe(false);
    expect(existsSync(path.join(repository, '.git', 'cassettes'))).toBe(false);

    const file = path.join(scratch, 'results.txt');
    writeFileSync(file, 'my notes\n');
    const overFile = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--model', 'm', '--out', file);
    expect(overFile.exitCode).toBe(2);
    expect(overFile.stderr).toContain(`--out ${file}: this exists and is not a directory`);
    expect(overFile.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('my notes\n');

    const verified = path.join(scratch, 'verified');
    mkdirSync(verified, { recursive: true });
    writeFileSync(path.join(verified, 'a.rs'), 'use vstd::prelude::*;\nverus! {\nfn f() {}\n}\n');
    const full = await runCliInProcess('bench', 'generate', verified, '--out', '/dev/full');
    expect(full.exitCode).toBe(2);
    expect(full.stderr).toContain('--out /dev/full: /dev holds kernel interfaces and devices');
  });

  it('refuses an --out inside a task crate\'s sources', async () => {
    const suite = path.join(scratch, 'suite');
    cpSync(path.join(ROOT, 'rust-fixtures', 'binary-search'), path.join(suite, 'binary-search'), { recursive: true, filter: (source) => !source.endsWith('target') });
    const out = path.join(suite, 'binary-search', 'src', 'bench-out');
    const run = await runCliInProcess('bench', suite, '--model', 'm', '--out', out);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/--out .*: this is src\/bench-out of the crate at /);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses colliding model names and a grid over the size cap before anything is created (issue 18, item 11)', async () => {
    const grid = path.join(scratch, 'colliding.toml');
    writeFileSync(grid, 'feedback = "none"\niterations = 1\n\n[[model]]\nname = "x/y"\n\n[[model]]\nname = "x_y"\n\n[[model]]\nname = "x:y"\n');
    const out = path.join(scratch, 'out-colliding');
    const colliding = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--grid', grid, '--out', out, '--jobs', '3');
    expect(colliding.exitCode).toBe(2);
    expect(colliding.stderr).toContain(`${grid}: [[model]] #1 "x/y" (line 4), [[model]] #2 "x_y" (line 7) and [[model]] #3 "x:y" (line 10) all become the setting id part "x_y"`);
    expect(existsSync(out)).toBe(false);
    const twice = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--model', 'm', '--model', 'm', '--out', out);
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toContain('name the same model "m"');
    expect(existsSync(out)).toBe(false);

    const huge = path.join(scratch, 'huge.toml');
    const temperatures = Array.from({ length: 1000 }, (_, index) => index / 500);
    writeFileSync(huge, `feedback = "none"\nrepetitions = 100\ntemperature = [${temperatures.join(', ')}]\n${Array.from({ length: 10 }, (_, index) => `[[model]]\nname = "m${index}"\n`).join('')}`);
    const capped = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--grid', huge, '--out', out);
    expect(capped.exitCode).toBe(2);
    expect(capped.stderr).toMatch(/the bench would plan [0-9,]+ attempts: [0-9,]+ tasks × 10,000 settings \(10 models × 1 feedback levels × 1 samples values × 1000 temperatures\) × 100 repetitions, over the limit of 100,000/);
    expect(capped.stderr).toContain('--max-attempts N');
    expect(existsSync(out)).toBe(false);
    const stillCapped = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--grid', huge, '--out', out, '--max-attempts', '200000');
    expect(stillCapped.stderr).toContain('over the limit of 200,000');
    expect(existsSync(out)).toBe(false);
  });

  it('refuses --resume with a changed grid, naming what changed, and touches nothing (issue 18, item 16)', async () => {
    const { recordBenchGrid } = await import('../../src/evaluate/grids/bench-grid-record.js');
    const { readBenchGrid } = await import('../../src/evaluate/grids/read-bench-grid.js');
    const { buildSyntheticAttempt } = await import('../../src/evaluate/attempts/testing-attempt-record.js');
    const grid = path.join(scratch, 'resume-grid.toml');
    writeFileSync(grid, 'feedback = "none"\niterations = 3\nhoudini_rounds = 0\n[[model]]\nname = "m"\ninput_per_million = 1\noutput_per_million = 2\n');
    const out = path.join(scratch, 'out-resume');
    mkdirSync(out);
    await recordBenchGrid(out, await readBenchGrid(grid, { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null }, null, scratch));
    writeFileSync(path.join(out, 'attempts.jsonl'), `${JSON.stringify(buildSyntheticAttempt('binary-search.missing-sorted-invariant', 'm.none.s1.t0.2', 1, 2))}\n`);
    const listing = () => readdirSync(out).sort().map((name) => `${name}:${readFileSync(path.join(out, name), 'utf8').length}`);
    const before = listing();
    writeFileSync(grid, 'feedback = "none"\niterations = 3\nhoudini_rounds = 2\n[[model]]\nname = "m"\ninput_per_million = 1\noutput_per_million = 20\n');
    const run = await runCliInProcess('bench', path.join(ROOT, 'rust-fixtures'), '--grid', grid, '--out', out, '--resume', '--iterations', '5');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`--resume: the grid differs from the one ${out} was started with`);
    expect(run.stderr).toContain('iterations: 3 -> 5');
    expect(run.stderr).toContain('houdini_rounds: 0 -> 2');
    expect(run.stderr).toContain('model "m" prices:');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(listing()).toEqual(before);
  });
});
