import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSuite } from './load-suite.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'suite-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('loadSuite', () => {
  it('turns every rust-fixtures/*/broken/*.toml into one task of one suite, with its defect class and failing function', async () => {
    const expected = readdirSync(path.join(ROOT, 'rust-fixtures'), { withFileTypes: true }).filter((entry) => entry.isDirectory())
      .flatMap((entry) => { try { return readdirSync(path.join(ROOT, 'rust-fixtures', entry.name, 'broken')).filter((name) => name.endsWith('.toml')).map((name) => `${entry.name}.${name.slice(0, -5)}`); } catch { return []; } });
    const { kind, tasks } = await loadSuite(path.join(ROOT, 'rust-fixtures'));
    expect(kind).toBe('fixtures');
    expect(tasks.map((task) => task.id).sort()).toEqual(expected.sort());
    expect(tasks.find((task) => task.id === 'gcd.loop-without-decreases')).toMatchObject({ defectClass: 'missing-decreases', expectedFailingFunction: 'gcd_loop', file: 'src/lib.rs' });
  });

  it('reads a Verus-Bench layout: unverified/*.rs are single-file tasks, verified/*.rs their originals', async () => {
    const directory = path.join(scratch, 'verus-bench');
    mkdirSync(path.join(directory, 'unverified'), { recursive: true });
    mkdirSync(path.join(directory, 'verified'));
    writeFileSync(path.join(directory, 'unverified', 'task one.rs'), 'broken');
    writeFileSync(path.join(directory, 'unverified', 'two.rs'), 'broken two');
    writeFileSync(path.join(directory, 'verified', 'two.rs'), 'fixed two');
    const { kind, tasks } = await loadSuite(directory);
    expect(kind).toBe('verus-bench');
    expect(tasks.map((task) => [task.id, task.crateDir, task.file, task.brokenSource, task.originalSource])).toEqual([
      ['task_one', null, 'src/lib.rs', 'broken', null], ['two', null, 'src/lib.rs', 'broken two', 'fixed two'],
    ]);
  });
});
