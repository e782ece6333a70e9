import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandSettings } from './expand-settings.js';
import { readBenchGrid } from './read-bench-grid.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const NO_FLAGS = { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null };
const ROOT = path.resolve(import.meta.dirname, '..', '..');

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
    const { buildAttemptConfig } = await import('./attempt-workspace.js');
    expect(buildAttemptConfig(expandSettings(grid)[0]!, null)).toMatch(/cached_input_per_million = 0\.125/);
    writeFileSync(file, '[[model]]\nname = "m"\ncached_input_per_million = 0.125\n');
    await expect(readBenchGrid(file, NO_FLAGS, null, ROOT)).rejects.toThrow('gives cached_input_per_million without input_per_million');
  });
});
