import { mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateSuite, type GeneratedTask } from './generate-suite.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'generate-multi-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function generate(seed: number): Promise<GeneratedTask[]> {
  const verified = path.join(scratch, 'verified');
  mkdirSync(verified, { recursive: true });
  copyFileSync(path.join(ROOT, 'rust-fixtures', 'sum-to', 'src', 'lib.rs'), path.join(verified, 'sum-to.rs'));
  const out = path.join(scratch, `suite-${seed}`);
  await generateSuite(verified, out, { seed, defects: 'multi' });
  return readFileSync(path.join(out, 'manifest.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GeneratedTask);
}

describe('bench generate --defects multi', () => {
  it('pairs two non-overlapping defects per task, records both, and a seed reproduces the suite', async () => {
    const tasks = await generate(7);
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) {
      expect(task.defects).toBe(2);
      expect(task.defect_class.split('+')).toHaveLength(2);
      expect(task.source.split('; ')).toHaveLength(2);
    }
    expect(await generate(7)).toEqual(tasks);
  });
});
