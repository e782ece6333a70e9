import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../run-cli-in-process.js';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from '../fakes/temporary-directory.js';
import { loadSuite } from '../../src/evaluate/suites/load-suite.js';

afterAll(removeTemporaryDirectories);

// Issue 27, item 2: a task id names the attempts directory, the templates, the cassettes and a row of
// every breakdown, so two tasks must never share one.
const TASK = 'use vstd::prelude::*;\nverus! {\nfn f() {}\n}\n';
const CRATE = { 'Cargo.toml': '[package]\nname = "c"\nversion = "0.1.0"\n', 'src/lib.rs': TASK };

function tree(files: Record<string, string>): string {
  const directory = createTemporaryDirectory('task-ids');
  writeFileTree(directory, files);
  return directory;
}

describe('task ids are injective', () => {
  it('Verus-Bench sources A.b (c.rs) and A (b.c.rs) get different ids; the published sources keep theirs', async () => {
    const suite = tree({ 'A.b/unverified/c.rs': TASK, 'A/unverified/b.c.rs': TASK, 'MBPP/unverified/task_1.rs': TASK });
    const { tasks } = await loadSuite(suite);
    expect(tasks.map((task) => [task.id, task.origin])).toEqual([
      ['A.b.c', 'verus-bench:A/b.c.rs'], ['A_2Eb.c', 'verus-bench:A.b/c.rs'], ['MBPP.task_1', 'verus-bench:MBPP/task_1.rs'],
    ]);
  });

  it('fixture crates a.b (variant c) and a (variant b.c), and a crate whose name has a _, get different ids; rust-fixtures-style names keep theirs', async () => {
    const suite = tree({
      ...Object.fromEntries(['a.b', 'a', 'my_crate', 'binary-search'].flatMap((crate) => Object.entries(CRATE).map(([name, text]) => [`${crate}/${name}`, text]))),
      'a.b/broken/c.toml': '', 'a.b/broken/c.rs': TASK, 'a/broken/b.c.toml': '', 'a/broken/b.c.rs': TASK,
      'my_crate/broken/v.toml': '', 'my_crate/broken/v.rs': TASK, 'binary-search/broken/missing-sorted-invariant.toml': '', 'binary-search/broken/missing-sorted-invariant.rs': TASK,
    });
    const { tasks } = await loadSuite(suite);
    expect(tasks.map((task) => task.id).sort()).toEqual(['a.b.c', 'a_2Eb.c', 'binary-search.missing-sorted-invariant', 'my_5Fcrate.v']);
  });
});

describe('two tasks under one id are refused before any work, naming both files (exit 2)', () => {
  it('Verus-Bench names that differ only where sanitizing writes _', async () => {
    const suite = tree({ 'unverified/a b.rs': TASK, 'unverified/a_b.rs': TASK });
    const out = path.join(createTemporaryDirectory('task-ids-out'), 'out');
    const run = await runCliInProcess('bench', suite, '--model', 'm', '--out', out);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${path.join(suite, 'unverified', 'a b.rs')} and ${path.join(suite, 'unverified', 'a_b.rs')} both get the task id "a_b"`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });

  it('VeruSAGE-Bench and fixture names, and manifest ids (both entries named)', async () => {
    const verusage = tree({ 'tasks/AL__m__x y.rs': TASK, 'tasks/AL__m__x_y.rs': TASK });
    await expect(loadSuite(verusage)).rejects.toThrow(`${path.join(verusage, 'tasks', 'AL__m__x y.rs')} and ${path.join(verusage, 'tasks', 'AL__m__x_y.rs')} both get the task id "AL__m__x_y"`);
    const fixtures = tree({ ...Object.fromEntries(Object.entries(CRATE).map(([name, text]) => [`c/${name}`, text])), 'c/broken/v w.toml': '', 'c/broken/v w.rs': TASK, 'c/broken/v_w.toml': '', 'c/broken/v_w.rs': TASK });
    await expect(loadSuite(fixtures)).rejects.toThrow('both get the task id "c.v_w"');
    const manifest = tree({ 'one.rs': TASK, 'suite.jsonl': '{"id":"t","single_file":"one.rs"}\n{"id":"u","single_file":"one.rs"}\n{"id":"t","single_file":"one.rs"}\n' });
    await expect(loadSuite(path.join(manifest, 'suite.jsonl'))).rejects.toThrow('task id "t" appears twice (line 1 and line 3)');
  });
});
