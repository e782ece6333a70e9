import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandSettings } from './expand-settings.js';
import { readBenchGrid } from './read-bench-grid.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const NO_FLAGS = { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null };
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

describe('readBenchGrid', () => {
  it('reads the shipped study grid as 12 settings with a six-iteration budget', async () => {
    process.env['LOCAL_MODEL_BASE_URL'] ??= 'http://127.0.0.1:9/v1';
    const grid = await readBenchGrid(path.join(ROOT, 'bench', 'grids', 'study-12.toml'), NO_FLAGS, null, ROOT);
    expect(expandSettings(grid)).toHaveLength(12);
    expect(grid.iterations).toBe(6);
  });
  it('lets a flag override one axis of the grid', async () => {
    const grid = await readBenchGrid(path.join(ROOT, 'bench', 'grids', 'demo.toml'), { ...NO_FLAGS, feedback: ['none'], iterations: 2 }, null, ROOT);
    expect(expandSettings(grid).map((setting) => setting.id)).toEqual(['gpt-4o-mini.none.s1.t0.2']);
  });
  it('names the file and key of an unknown key or a bad feedback level', async () => {
    const file = path.join(createTemporaryDirectory('grid'), 'grid.toml');
    writeFileSync(file, 'feedback = ["loud"]\nitertions = 3\n[[model]]\nname = "m"\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*(itertions|feedback)`));
  });
  it('passes [verifier] and [queue] tables through the verus-repair.toml reader, and reports their bad keys', async () => {
    const file = path.join(createTemporaryDirectory('grid'), 'grid.toml');
    writeFileSync(file, '[[model]]\nname = "m"\n[verifier]\nrunner = "queue"\n[queue]\nname = "bench"\n');
    const grid = await readBenchGrid(file, NO_FLAGS, null, ROOT);
    expect(grid.verifierTable).toEqual({ runner: 'queue', pin_file: path.join(ROOT, 'verus-toolchain', 'pin.toml') });
    expect(grid.queueTable).toEqual({ name: 'bench' });
    writeFileSync(file, '[[model]]\nname = "m"\n[queue]\nnmae = "bench"\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow(/queue.*nmae|nmae.*queue/);
  });
  it('reads a cached-input price beside the input price and writes it into each attempt\'s [model.prices] (issue 20)', async () => {
    const file = path.join(createTemporaryDirectory('grid'), 'grid.toml');
    writeFileSync(file, '[[model]]\nname = "m"\ninput_per_million = 1.25\ncached_input_per_million = 0.125\noutput_per_million = 10\n');
    const grid = await readBenchGrid(file, NO_FLAGS, null, ROOT);
    expect(grid.models[0]!.prices).toEqual({ inputPerMillion: 1.25, cachedInputPerMillion: 0.125, outputPerMillion: 10 });
    const { buildAttemptConfig } = await import('../attempts/attempt-workspace.js');
    expect(buildAttemptConfig(expandSettings(grid)[0]!, null)).toMatch(/cached_input_per_million = 0\.125/);
    writeFileSync(file, '[[model]]\nname = "m"\ncached_input_per_million = 0.125\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow('gives cached_input_per_million without input_per_million');
  });
  it('refuses models whose setting ids collide, naming each [[model]] and its line (issue 18, item 11)', async () => {
    const file = path.join(createTemporaryDirectory('grid'), 'grid.toml');
    writeFileSync(file, 'iterations = 2\n\n[[model]]\nname = "x/y"\n\n[[model]]\nname = "x_y"\n\n[[model]]\nname = "x:y"\n\n[[model]]\nname = "other"\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow(
      `${file}: [[model]] #1 "x/y" (line 3), [[model]] #2 "x_y" (line 6) and [[model]] #3 "x:y" (line 9) all become the setting id part "x_y"`);
    writeFileSync(file, '[[model]]\nname = "m"\n\n[[model]]\nname = "m"\ninput_per_million = 1\noutput_per_million = 2\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow(`${file}: [[model]] #1 "m" (line 1) and [[model]] #2 "m" (line 4) name the same model "m"`);
  });
  it('refuses a model given twice on the command line and an axis value listed twice', async () => {
    await expect(readBenchGrid(null, { ...NO_FLAGS, models: ['a', 'b/c', 'b:c'] }, null, ROOT)).rejects.toThrow('the command line: --model "b/c" (#2 of the --model flags) and --model "b:c" (#3 of the --model flags) all become the setting id part "b_c"');
    await expect(readBenchGrid(null, { ...NO_FLAGS, models: ['a', 'a'] }, null, ROOT)).rejects.toThrow('name the same model "a"');
    await expect(readBenchGrid(null, { ...NO_FLAGS, models: ['a'], feedback: ['none', 'generic', 'none'] }, null, ROOT)).rejects.toThrow('the command line: --feedback lists "none" more than once');
    const file = path.join(createTemporaryDirectory('grid'), 'grid.toml');
    writeFileSync(file, 'feedback = "none"\nsamples = [1, 2, 1]\n[[model]]\nname = "m"\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow(`${file}: samples (line 2) lists 1 more than once`);
    writeFileSync(file, 'temperature = [0.2, 0.20]\n[[model]]\nname = "m"\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow(`${file}: temperature (line 1) lists 0.2 more than once`);
  });
  it('caps the bench size (tasks × settings × repetitions) by arithmetic, with an override in the grid and on the command line', async () => {
    const { checkBenchSize, countPlannedAttempts } = await import('./check-bench-size.js');
    const file = path.join(createTemporaryDirectory('grid'), 'grid.toml');
    const temperatures = Array.from({ length: 1000 }, (_, index) => index / 500);
    const models = Array.from({ length: 10 }, (_, index) => `[[model]]\nname = "m${index}"\n`).join('');
    writeFileSync(file, `feedback = "none"\nrepetitions = 100\ntemperature = [${temperatures.join(', ')}]\n${models}`);
    const grid = await readBenchGrid(file, NO_FLAGS, null, ROOT);
    expect(countPlannedAttempts(grid, 1)).toBe(1_000_000);
    expect(() => checkBenchSize(grid, 1)).toThrow('the bench would plan 1,000,000 attempts: 1 tasks × 10,000 settings (10 models × 1 feedback levels × 1 samples values × 1000 temperatures) × 100 repetitions, over the limit of 100,000. Shrink the grid or the suite, or raise the limit with --max-attempts N or max_attempts = N in the grid');
    expect(() => checkBenchSize(grid, 0)).not.toThrow();
    const overridden = await readBenchGrid(file, { ...NO_FLAGS, maxAttempts: 1_000_000 }, null, ROOT);
    expect(() => checkBenchSize(overridden, 1)).not.toThrow();
    writeFileSync(file, `max_attempts = 2000000\nfeedback = "none"\nrepetitions = 100\ntemperature = [${temperatures.join(', ')}]\n${models}`);
    const raised = await readBenchGrid(file, NO_FLAGS, null, ROOT);
    expect(raised.maxAttempts).toBe(2_000_000);
    expect(() => checkBenchSize(raised, 1)).not.toThrow();
    expect(() => checkBenchSize(raised, 3)).toThrow('over the limit of 2,000,000');
  });
});
