import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expandSettings } from '../src/evaluate/grids/expand-settings.js';
import { readBenchGrid } from '../src/evaluate/grids/read-bench-grid.js';
import { runCliInProcess } from './run-cli-in-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NO_FLAGS = { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null };

describe('the bench harness on the guided feedback levels', () => {
  it('reads bench/grids/study-guided.toml: the study\'s 12 settings plus guided and auto+guided for each model', async () => {
    process.env['LOCAL_MODEL_BASE_URL'] ??= 'http://127.0.0.1:9/v1';
    const grid = await readBenchGrid(path.join(ROOT, 'bench', 'grids', 'study-guided.toml'), NO_FLAGS, null, ROOT);
    const settings = expandSettings(grid);
    expect(settings).toHaveLength(20);
    expect(grid.iterations).toBe(6);
    expect(settings.filter((setting) => setting.model.name === 'gpt-4o').map((setting) => [setting.feedback, setting.id])).toEqual([
      ['none', 'gpt-4o.none.s1.t0.2'], ['generic', 'gpt-4o.generic.s1.t0.2'], ['auto', 'gpt-4o.auto.s1.t0.2'],
      ['guided', 'gpt-4o.guided.s1.t0.2'], ['auto+guided', 'gpt-4o.auto_guided.s1.t0.2'],
    ]);
    const study = expandSettings(await readBenchGrid(path.join(ROOT, 'bench', 'grids', 'study-12.toml'), NO_FLAGS, null, ROOT));
    expect(settings.filter((setting) => !setting.feedback.includes('guided')).map((setting) => setting.id)).toEqual(study.map((setting) => setting.id));
  });

  it('takes the levels on the command line axis too', async () => {
    const grid = await readBenchGrid(path.join(ROOT, 'bench', 'grids', 'demo.toml'), { ...NO_FLAGS, feedback: ['guided', 'auto+guided'] }, null, ROOT);
    expect(expandSettings(grid).map((setting) => setting.feedback)).toEqual(['guided', 'auto+guided']);
    const refused = await runCliInProcess('bench', 'nonexistent-suite', '--feedback', 'guided,loud');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('none, generic, auto, guided, auto+guided, counterexample, auto+counterexample, guided+counterexample; got "loud"');
  });

  it('takes the counterexample levels on a grid axis, each a setting of its own', async () => {
    const grid = await readBenchGrid(path.join(ROOT, 'bench', 'grids', 'demo.toml'), { ...NO_FLAGS, feedback: ['counterexample', 'auto+counterexample', 'guided+counterexample'] }, null, ROOT);
    expect(expandSettings(grid).map((setting) => setting.feedback)).toEqual(['counterexample', 'auto+counterexample', 'guided+counterexample']);
    expect(new Set(expandSettings(grid).map((setting) => setting.id)).size).toBe(3);
  });
});
