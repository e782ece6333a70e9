import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { checkResumeGrid, recordBenchGrid } from './bench-grid-record.js';
import { readBenchGrid, type GridOverrides } from './read-bench-grid.js';

afterAll(removeTemporaryDirectories);

const NO_FLAGS: GridOverrides = { models: [], feedback: null, samples: null, iterations: null, repetitions: null, temperature: null };
const GRID = 'feedback = ["none"]\niterations = 3\nhoudini_rounds = 0\n[[model]]\nname = "m"\ninput_per_million = 1.0\noutput_per_million = 2.0\n';

async function gridFrom(text: string, overrides: GridOverrides = NO_FLAGS) {
  const file = path.join(createTemporaryDirectory('grid'), 'grid.toml');
  writeFileSync(file, text);
  return readBenchGrid(file, overrides, null, path.dirname(file));
}

describe('the grid a bench was started with, and --resume (issue 18, item 16)', () => {
  it('passes the same grid, also written differently or with another endpoint and size cap, and a directory without a record', async () => {
    const outDir = createTemporaryDirectory('bench-out');
    const grid = await gridFrom(GRID);
    expect(() => checkResumeGrid(outDir, grid)).not.toThrow();
    await recordBenchGrid(outDir, grid);
    expect(() => checkResumeGrid(outDir, grid)).not.toThrow();
    const rewritten = await gridFrom('max_attempts = 5\nhoudini_rounds = 0\nfeedback = "none"\n[[model]]\nname = "m"\nbase_url = "http://127.0.0.1:1/v1"\noutput_per_million = 2\ninput_per_million = 1\n', { ...NO_FLAGS, iterations: 3 });
    expect(() => checkResumeGrid(outDir, rewritten)).not.toThrow();
  });

  it('refuses a changed iteration budget, Houdini rounds, price, model or flag, naming each change', async () => {
    const outDir = createTemporaryDirectory('bench-out');
    await recordBenchGrid(outDir, await gridFrom(GRID));
    const changed = await gridFrom(GRID.replace('iterations = 3', 'iterations = 4').replace('houdini_rounds = 0', 'houdini_rounds = 2').replace('output_per_million = 2.0', 'output_per_million = 8.0') + '[[model]]\nname = "n"\n');
    const message = (() => {
      try {
        checkResumeGrid(outDir, changed);
        return 'accepted';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    })();
    expect(message).toContain(`ConfigurationError: --resume: the grid differs from the one ${outDir} was started with (${path.join(outDir, 'grid.json')}):`);
    expect(message).toContain('  iterations: 3 -> 4\n');
    expect(message).toContain('  houdini_rounds: 0 -> 2\n');
    expect(message).toContain('  model "m" prices: {"input_per_million":1,"cached_input_per_million":null,"output_per_million":2} -> {"input_per_million":1,"cached_input_per_million":null,"output_per_million":8}\n');
    expect(message).toContain('  model "n": added\n');
    expect(() => checkResumeGrid(outDir, changed)).toThrow('start a new bench with another --out');
    const byFlag = await gridFrom(GRID, { ...NO_FLAGS, repetitions: 2 });
    expect(() => checkResumeGrid(outDir, byFlag)).toThrow(/repetitions: 1 -> 2\n {2}seeds: \[1\] -> \[1,2\]/);
    const same = await gridFrom(GRID);
    expect(() => checkResumeGrid(outDir, same, 3)).toThrow('stability: 0 -> 3');
  });

  it('refuses a grid.json that is not JSON, rather than passing it', async () => {
    const outDir = createTemporaryDirectory('bench-out');
    writeFileSync(path.join(outDir, 'grid.json'), '{torn');
    expect(() => checkResumeGrid(outDir, NO_GRID)).toThrow(/grid\.json is not the JSON verus-repair wrote/);
  });
});

const NO_GRID = { models: [], feedback: [], samples: [], temperatures: [], iterations: 1, repetitions: 1, seeds: [1], houdiniRounds: 0, verifierTable: {}, queueTable: null, maxAttempts: 1 };
