import { copyFileSync, existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSpecCheck, type FunctionSpecCheck, type SpecCheckReport } from '../src/specification/index.js';
import { isProcessAlive } from './fakes/fake-environment.js';
import { startCli } from './fakes/run-cli.js';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from './fakes/temporary-directory.js';
import { runCliInProcess } from './run-cli-in-process.js';

// Real cargo and the real harness, in the shared rust-fixtures target directory (vstd built there).
const FIXTURES = new URL('../rust-fixtures/', import.meta.url).pathname;
const LIMITS = path.join(FIXTURES, 'spec-limits');
const SPEC_CHECK = path.join(FIXTURES, 'spec-check');

afterAll(removeTemporaryDirectories);

function find(report: SpecCheckReport, name: string): FunctionSpecCheck {
  const result = report.functions.find((entry) => entry.function === name);
  if (result === undefined) throw new Error(`no result for ${name}`);
  return result;
}

/** A copy of spec-limits outside the workspace, its lib and config replaced, building in the fixtures' target. */
function limitsCopy(label: string, lib: string, config: string): string {
  const directory = createTemporaryDirectory(label);
  writeFileTree(directory, {
    'Cargo.toml': readFileSync(path.join(LIMITS, 'Cargo.toml'), 'utf8'),
    'src/lib.rs': lib,
    'verus-repair.toml': `[verifier.precheck]\ntarget_dir = ${JSON.stringify(path.join(FIXTURES, 'target'))}\n${config}`,
  });
  copyFileSync(path.join(FIXTURES, 'Cargo.lock'), path.join(directory, 'Cargo.lock'));
  return directory;
}

describe('check-spec of a whole crate, with inputs that time out or exceed the memory cap (rust-fixtures/spec-limits)', () => {
  it('checks every exec function with an ensures; a hung or hoarding input ends only itself, and the small inputs are still checked', async () => {
    const run = await runCliInProcess('check-spec', LIMITS, '--inputs', '40', '--call-timeout', '300', '--json');
    expect(run.exitCode, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as SpecCheckReport;
    // identity has no ensures: not a target.
    expect(report.functions.map((result) => result.function)).toEqual(['count_up', 'zeros', 'double', 'first']);
    expect(report.run).toMatchObject({ selection: 'crate', memoryMb: 32, callTimeoutMs: 300 });

    // count_up loops n times: the inputs near u64::MAX run last (smallest first), each ends its process, and the check resumes after it.
    const countUp = find(report, 'count_up');
    if (countUp.status !== 'checked') throw new Error(`count_up: ${countUp.status}`);
    expect(countUp.counts.tried).toBeGreaterThan(5);
    expect(countUp.counterexamples).toEqual([]);
    expect(countUp.interrupted).toMatchObject({ timedOut: 5, memoryExceeded: 0 });
    expect(countUp.interrupted!.untried).toBe(40 - countUp.counts.tried - 5);
    expect(BigInt(countUp.interrupted!.firstTimedOut![0]!.value)).toBeGreaterThan(1_000_000n);

    // zeros allocates 8 bytes per unit of n: past the fixture's 32 MiB the input ends, as a timeout would; it is not a counterexample.
    const zeros = find(report, 'zeros');
    if (zeros.status !== 'checked') throw new Error(`zeros: ${zeros.status}`);
    expect(zeros.counterexamples).toEqual([]);
    expect(zeros.interrupted!.memoryExceeded).toBeGreaterThan(0);
    expect(Number(zeros.interrupted!.firstMemoryExceeded![0]!.value)).toBeGreaterThan((32 << 20) / 8);
    expect(zeros.counts.tried).toBeGreaterThan(5);

    // A generic function keeps its clauses in the count, each saying why it was not checked.
    expect(find(report, 'first').clauses).toEqual([
      expect.objectContaining({ kind: 'requires', index: 0, status: 'not-executable', reason: expect.stringContaining('generic function <T: Copy>') }),
      expect.objectContaining({ kind: 'ensures', index: 0, status: 'not-executable', reason: expect.stringContaining('generic function <T: Copy>') }),
    ]);

    // The first level of the report says what was checked.
    expect(report).toMatchObject({ outcome: 'none-found', nothingChecked: null, clausesChecked: 3, counterexamples: 0, timeouts: 5, memoryExceeded: zeros.interrupted!.memoryExceeded });
    const double = find(report, 'double');
    expect(report.inputsChecked).toBe([countUp, zeros, double].reduce((sum, result) => sum + (result.status === 'checked' ? result.counts.satisfyingRequires : 0), 0));
    expect(['bwrap', 'none']).toContain(report.run.sandbox?.kind);
  }, 600_000);
});

describe('check-spec exits 4 when nothing could be checked, with the reason on one line', () => {
  it('a generic function: its clauses are counted and not checked', async () => {
    const run = await runCliInProcess('check-spec', LIMITS, '--fn', 'first');
    expect(run.exitCode).toBe(4);
    expect(run.stderr).toBe('verus-repair: nothing was checked: first: not executable (generic function <T: Copy>: generic and trait-generic code has no single exec instance to run)\n');
    expect(run.stdout).toContain('first (src/lib.rs:53): 0 of 2 clause(s) executable\n  not checked: requires[0] v.len() > 0 (line 55), ensures[0] r == v@[0] (line 57)\n');
  });

  it('every input timed out (spin never returns)', async () => {
    const run = await runCliInProcess('check-spec', SPEC_CHECK, '--fn', 'spin', '--inputs', '10', '--call-timeout', '100', '--json');
    expect(run.exitCode, run.stderr).toBe(4);
    expect(run.stderr).toBe('verus-repair: nothing was checked: spin: every input tried did not return within 100 ms\n');
    expect(JSON.parse(run.stdout)).toMatchObject({ outcome: 'nothing-checked', clausesChecked: 0, inputsChecked: 0, timeouts: 5 });
  }, 600_000);

  it('the harness did not build; the report says the harness ran unsandboxed, and why', async () => {
    const lib = `${readFileSync(path.join(LIMITS, 'src', 'lib.rs'), 'utf8')}\npub fn broken() -> u8 {\n    "not a number"\n}\n`;
    // The line goes in [verifier.precheck], after target_dir.
    const crate = limitsCopy('no-build', lib, 'sandbox = "none"\n');
    const run = await runCliInProcess('check-spec', crate, '--fn', 'double', '--json');
    expect(run.exitCode, run.stderr).toBe(4);
    // After the one warning that the harness runs unsandboxed.
    expect(run.stderr.trim().split('\n').at(-1)).toBe('verus-repair: nothing was checked: double: the harness crate did not build: error[E0308]: mismatched types');
    const report = JSON.parse(run.stdout) as SpecCheckReport;
    expect(report.run.sandbox).toEqual({ kind: 'none', reason: '[verifier.precheck] sandbox = "none"' });
    expect(renderSpecCheck(report)).toContain('\n  sandbox: none: the harness ran unsandboxed, with your user\'s rights ([verifier.precheck] sandbox = "none")\n');
  }, 600_000);
});

describe('check-spec bad input exits 2 before anything is built', () => {
  it.each([
    [['--call-timeout', '0'], '--call-timeout: expected an integer >= 1 and <= 600000, received "0"'],
    [['--call-timeout', '999999999999'], '--call-timeout: expected an integer >= 1 and <= 600000, received "999999999999"'],
    [['--inputs', '100001'], '--inputs: expected an integer >= 1 and <= 100000, received "100001"'],
    [['--seed', '99999999999999999999'], '--seed: expected an integer >= 0, received "99999999999999999999"'],
  ])('%j', async (args, message) => {
    const run = await runCliInProcess('check-spec', LIMITS, '--fn', 'double', ...args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a [spec_check] memory_mb out of range names the key and an example', async () => {
    const crate = limitsCopy('bad-memory', readFileSync(path.join(LIMITS, 'src', 'lib.rs'), 'utf8'), '[spec_check]\nmemory_mb = 0\n');
    const run = await runCliInProcess('check-spec', crate, '--fn', 'double');
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe(`verus-repair: ${path.join(crate, 'verus-repair.toml')}: spec_check.memory_mb: expected a value >= 16, received 0. Example: memory_mb = 512\n`);
  });
});

describe('check-spec on Ctrl-C', () => {
  it('stops the harness process, releases its harness slot, leaves nothing in the temp directory and exits 130', async () => {
    const tmp = createTemporaryDirectory('sigint-tmp');
    // A call timeout of ten minutes: count_up hangs on its first large input until the interrupt.
    const child = startCli(['check-spec', LIMITS, '--fn', 'count_up', '--inputs', '40', '--call-timeout', '600000'], { ...process.env, TMPDIR: tmp });
    const scratch = () => readdirSync(tmp).filter((name) => name.startsWith('verus-repair-spec-check-'));
    // The harness crate is a slot under the crate's cache directory (acquire-harness-directory.ts), its lock beside it.
    const slots = path.join(LIMITS, '.verus-repair', 'cache', 'spec-harness-crates');
    let slot = '';
    const harnessProcesses = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number).filter((pid) => {
      try {
        const cwd = readlinkSync(`/proc/${pid}/cwd`);
        const found = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some((part) => /verus-repair-spec-check-[0-9a-f]{12}$/.test(part)) && cwd.startsWith(slots) && readFileSync(`${cwd}.lock`, 'utf8').includes(`"pid":${child.pid}`);
        if (found) slot = cwd;
        return found;
      } catch {
        return false;
      }
    });
    let running: number[] = [];
    for (let attempt = 0; attempt < 1200 && running.length === 0; attempt++) {
      await sleep(100);
      running = harnessProcesses();
    }
    expect(running.length, 'the harness process started').toBeGreaterThan(0);
    expect(existsSync(`${slot}.lock`)).toBe(true);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode, String(result.stderr)).toBe(130);
    expect(String(result.stderr)).toContain('check-spec interrupted');
    expect(scratch()).toEqual([]);
    expect(existsSync(`${slot}.lock`)).toBe(false);
    expect(existsSync(slot)).toBe(true);
    expect(running.filter((pid) => isProcessAlive(pid))).toEqual([]);
    expect(existsSync(tmp)).toBe(true);
  }, 600_000);
});
