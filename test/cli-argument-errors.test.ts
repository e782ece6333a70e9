import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli-in-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'cli-argument-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const crate = join(scratch, 'binary-search');
cpSync(resolve(import.meta.dirname, '..', 'rust-fixtures', 'binary-search', 'src'), join(crate, 'src'), { recursive: true });
cpSync(resolve(import.meta.dirname, '..', 'rust-fixtures', 'binary-search', 'Cargo.toml'), join(crate, 'Cargo.toml'));

describe('an error about a command-line argument names the option or the path, never a file position', () => {
  it.each([
    [['check-spec', crate, '--fn', 'nope'], 'verus-repair: --fn nope names no function inside verus!'],
    [['review', crate, '--fn', 'nope'], 'verus-repair: --fn nope names no exec function with a body'],
    [['parse', join(scratch, 'nonexist.rs')], `verus-repair: ${join(scratch, 'nonexist.rs')}: no such file or directory`],
    [['verify', join(scratch, 'nonexist')], `verus-repair: ${join(scratch, 'nonexist')}: no such file or directory`],
    [['guard', '--original', join(scratch, 'nope.rs'), '--candidate', join(scratch, 'nope.rs')], `verus-repair guard: --original ${join(scratch, 'nope.rs')}: cannot read the file (ENOENT)`],
  ])('%j', async (argv, expected) => {
    const run = await runCliInProcess(...argv);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(expected);
    expect(run.stderr).not.toMatch(/:1:1:/);
  });
});
