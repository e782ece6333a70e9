import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from './fakes/temporary-directory.js';
import { runCliInProcess } from './run-cli-in-process.js';

// Real cargo and the real harness: each loose file of test/fixtures/spec-coverage is checked in a
// scratch crate of its own, built in the fixtures' target directory (its verus-repair.toml).
const CORPUS = new URL('./fixtures/spec-coverage/', import.meta.url).pathname.replace(/\/$/, '');

afterAll(removeTemporaryDirectories);

describe('verus-repair spec-coverage', () => {
  it('checks every exec function with an ensures of every .rs file, and prints one table', async () => {
    // Loose files (each in a scratch crate) and a crate as it is (rust-fixtures/spec-limits, with its memory cap of 32 MiB).
    const run = await runCliInProcess('spec-coverage', 'test/fixtures/spec-coverage', 'rust-fixtures/spec-limits', '--call-timeout', '300');
    expect(run.exitCode, run.stderr).toBe(0);
    // No durations or absolute paths in the table: it is compared whole.
    expect(run.stdout).toBe(`spec-coverage of test/fixtures/spec-coverage rust-fixtures/spec-limits: 3 crate(s) and loose file(s) (1 .rs file(s) without verus! skipped), every exec function with an ensures; up to 20 inputs per function (the corpus default; --inputs to change), seed 0, 300 ms per call, each harness process's memory capped by [spec_check] memory_mb (default 1024 MiB)

| outcome | functions | ensures checked |
|---|---:|---:|
| checked, no counterexample | 4 | 5 of 5 |
| counterexample found | 1 | 1 of 1 |
| not executable | 2 | 0 of 2 |
| - a generic function (spec-limits::first) | 1 | |
| - a trait method (its requires and ensures are the trait's) (spec-coverage/arith.rs::Halve::halve) | 1 | |
| harness did not build or run | 1 | 0 of 1 |
| - the crate does not build (error[E0308]) (spec-coverage/broken.rs::negate) | 1 | |
| every input tried timed out | 0 | 0 of 0 |
| nothing checked | 0 | 0 of 0 |
| total | 8 | 6 of 9 |

inputs checked: 78; counterexamples: 1; inputs timed out: 5 (in 1 function(s)); over the memory cap: 5 (in 1 function(s)); inputs not tried after 5 that did not finish: 12
`);
  }, 600_000);

  it("says each function's outcome in --json", async () => {
    const run = await runCliInProcess('spec-coverage', `${CORPUS}/arith.rs`, '--inputs', '10', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { inputs: number; functions: Array<{ function: string; outcome: string }> };
    expect(report.inputs).toBe(10);
    expect(report.functions.map((entry) => [entry.function, entry.outcome])).toEqual([['max_u8', 'checked'], ['max_wrong', 'counterexample'], ['Halve::halve', 'not-executable']]);
  }, 600_000);

  it.each([
    ['a missing directory', (directory: string) => `${directory}/nowhere`, 'nowhere: no such file or directory'],
    ['a file that is not .rs', (directory: string) => `${directory}/notes.txt`, 'notes.txt: not a .rs file or a directory'],
  ])('exits 2 on %s, with one line naming it', async (_label, target, message) => {
    const directory = createTemporaryDirectory('coverage-bad');
    writeFileTree(directory, { 'notes.txt': 'not Rust\n' });
    const run = await runCliInProcess('spec-coverage', CORPUS, target(directory));
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^verus-repair: ${directory}/${message.replace(/\./g, '\\.')} \\(spec-coverage takes directories of crates or of \\.rs files, and \\.rs files\\)\\n$`));
    expect(run.stdout).toBe('');
  });
});
