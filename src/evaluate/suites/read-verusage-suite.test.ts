import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSuite } from './load-suite.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'verusage-suite-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A VeruSAGE-Bench-shaped checkout of made-up files (names in its layout, contents ours). */
function writeCheckout(root: string): void {
  for (const directory of ['tasks', 'tasks-sampled-100', path.join('tasks-batches', 'batch_001'), path.join('source-projects', 'storage', 'unverified')]) mkdirSync(path.join(root, directory), { recursive: true });
  const long = `NR__spec_t__mmu__rl2__${'next_step_preserves_inv_unmapping__'.repeat(3)}valid_walk`;
  for (const name of ['AL__always_double', 'MA__bin_sizes__log2', long]) writeFileSync(path.join(root, 'tasks', `${name}.rs`), `// ${name}\nfn main() {}\n`);
  writeFileSync(path.join(root, 'tasks', 'README.md'), 'not a task');
  writeFileSync(path.join(root, 'tasks-sampled-100', 'AL__always_double.rs'), 'fn main() {}\n');
  writeFileSync(path.join(root, 'tasks-batches', 'batch_001', 'MA__bin_sizes__log2.rs'), 'fn main() {}\n');
  writeFileSync(path.join(root, 'source-projects', 'storage', 'unverified', 'x.rs'), 'fn main() {}\n');
}

describe('loadSuite on a VeruSAGE-Bench layout', () => {
  const root = path.join(scratch, 'VeruSAGE-Bench');
  writeCheckout(root);

  it('reads a checkout through its tasks/: one single-file task per file, its project as category, the suite named VeruSAGE-Bench', async () => {
    const { kind, tasks } = await loadSuite(root);
    expect(kind).toBe('verusage-bench');
    expect(tasks.map((task) => [task.id.slice(0, 20), task.category, task.publishedSuite, task.crateDir, task.file, task.functions])).toEqual([
      ['AL__always_double', 'Anvil', 'VeruSAGE-Bench', null, 'src/lib.rs', []],
      ['MA__bin_sizes__log2', 'Memory Allocator', 'VeruSAGE-Bench', null, 'src/lib.rs', []],
      ['NR__spec_t__mmu__rl2', 'NRKernel', 'VeruSAGE-Bench', null, 'src/lib.rs', []],
    ]);
    const long = tasks[2];
    // The file name is too long for a run id: the id is cut and made unique by a hash; the origin keeps the name.
    expect(long?.id).toMatch(/^NR__spec_t__mmu__rl2__next_step_preserves_inv_unmap-[0-9a-f]{8}$/);
    expect(long?.id.length).toBeLessThanOrEqual(60);
    expect(long?.origin).toMatch(/^verusage-bench:tasks\/NR__spec_t__mmu__rl2__.*__valid_walk\.rs$/);
    expect(tasks[0]?.brokenSource).toBe('// AL__always_double\nfn main() {}\n');
  });

  it('reads each task directory itself; only tasks/ and tasks-sampled-100/ name a published suite, a batch is a part of one', async () => {
    expect((await loadSuite(path.join(root, 'tasks'))).tasks.map((task) => task.publishedSuite)).toEqual(['VeruSAGE-Bench', 'VeruSAGE-Bench', 'VeruSAGE-Bench']);
    expect((await loadSuite(path.join(root, 'tasks-sampled-100'))).tasks.map((task) => [task.id, task.publishedSuite])).toEqual([['AL__always_double', 'VeruSAGE-Bench-Sampled']]);
    expect((await loadSuite(path.join(root, 'tasks-batches', 'batch_001'))).tasks.map((task) => [task.id, task.category, task.publishedSuite])).toEqual([['MA__bin_sizes__log2', 'Memory Allocator', null]]);
  });

  it('refuses a task directory holding a file without a known project prefix, naming it', async () => {
    const directory = path.join(scratch, 'mixed');
    mkdirSync(directory);
    writeFileSync(path.join(directory, 'AL__ok.rs'), 'fn main() {}\n');
    writeFileSync(path.join(directory, 'XX__unknown.rs'), 'fn main() {}\n');
    writeFileSync(path.join(directory, 'plain.rs'), 'fn main() {}\n');
    await expect(loadSuite(directory)).rejects.toThrow(/XX__unknown\.rs, plain\.rs are not named like a VeruSAGE-Bench task: <PROJECT>__<module>__<function>\.rs with PROJECT one of AL, AC, IR, MA, NO, NR, OS, ST, VE/);
  });
});

describe('loadSuite on a Verus-Bench checkout', () => {
  it('reads one directory per source: the source is the category, ids are <source>.<file>, the whole suite is Verus-Bench', async () => {
    const root = path.join(scratch, 'Verus-Bench');
    for (const source of ['CloverBench', 'MBPP', 'Diffy', 'Misc']) {
      mkdirSync(path.join(root, source, 'unverified'), { recursive: true });
      mkdirSync(path.join(root, source, 'verified'), { recursive: true });
      writeFileSync(path.join(root, source, 'unverified', 'binary_search.rs'), `broken ${source}`);
      writeFileSync(path.join(root, source, 'verified', 'binary_search.rs'), `fixed ${source}`);
    }
    const { kind, tasks } = await loadSuite(root);
    expect(kind).toBe('verus-bench');
    expect(tasks.map((task) => [task.id, task.category, task.publishedSuite, task.originalSource])).toEqual([
      ['CloverBench.binary_search', 'CloverBench', 'Verus-Bench', 'fixed CloverBench'], ['Diffy.binary_search', 'Diffy', 'Verus-Bench', 'fixed Diffy'],
      ['MBPP.binary_search', 'MBPP', 'Verus-Bench', 'fixed MBPP'], ['Misc.binary_search', 'Misc', 'Verus-Bench', 'fixed Misc'],
    ]);
    // One source on its own keeps its category and plain ids, and is a part of Verus-Bench, not the suite.
    expect((await loadSuite(path.join(root, 'MBPP'))).tasks.map((task) => [task.id, task.category, task.publishedSuite])).toEqual([['binary_search', 'MBPP', null]]);
    rmSync(path.join(root, 'Misc'), { recursive: true });
    expect((await loadSuite(root)).tasks.map((task) => task.publishedSuite)).toEqual([null, null, null]);
  });
});
