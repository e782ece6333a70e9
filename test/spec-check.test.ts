import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSpec, describeCounterexample, hasCounterexample, type FunctionSpecCheck, type SpecCheckReport } from '../src/specification/index.js';
import { readCrateSources } from '../src/specification/harness/read-crate-sources.js';
import { loadVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { runCliInProcess } from './run-cli-in-process.js';

const FIXTURE = new URL('../rust-fixtures/spec-check/', import.meta.url).pathname;
const ENVIRONMENT = { ...process.env };
const FUNCTIONS = ['clamp_wrong', 'clamp', 'max_of', 'bump_first', 'below_bound', 'some_index', 'first_of', 'widen', 'past_the_end', 'spin'];

function find(report: SpecCheckReport, name: string): FunctionSpecCheck {
  const result = report.functions.find((entry) => entry.function === name);
  if (result === undefined) throw new Error(`no result for ${name}`);
  return result;
}

// Real cargo and the real harness: one harness crate for all the fixture's functions, built in the
// shared rust-fixtures target directory (vstd is already built there by the other cargo tests).
describe('checkSpec on rust-fixtures/spec-check (real cargo, erased exec code)', () => {
  let report: SpecCheckReport;
  // A temp directory of this suite's own: other test files run at the same time and leave their
  // scratch copies in the shared one while they work, which made the count below race.
  const originalTmpdir = process.env['TMPDIR'];
  const ownTmpdir = mkdtempSync(`${tmpdir()}/spec-check-suite-`);
  const scratchCopies = () => readdirSync(ownTmpdir).filter((name) => name.startsWith('verus-repair-spec-check-')).length;
  let copiesBefore = 0;
  afterAll(() => {
    if (originalTmpdir === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = originalTmpdir;
    rmSync(ownTmpdir, { recursive: true, force: true });
  });
  beforeAll(async () => {
    process.env['TMPDIR'] = ownTmpdir;
    copiesBefore = scratchCopies();
    // reuseHarness: false: the suite asserts what a build names and leaves behind, which a rerun reusing the first build would not show.
    report = await checkSpec({ crateDir: FIXTURE, functions: FUNCTIONS, seed: 0, callTimeoutMs: 500, environment: ENVIRONMENT, reuseHarness: false });
  }, 600_000);

  it('finds the minimal counterexample of the ensures that is false at a boundary', () => {
    const result = find(report, 'clamp_wrong');
    expect(result.status).toBe('checked');
    if (result.status !== 'checked') return;
    expect(result.counterexamples).toHaveLength(1);
    expect(describeCounterexample('clamp_wrong', result.counterexamples[0]!)).toBe('clamp_wrong(x = 0, lo = 0, hi = 0) returned 0: ensures lo <= r && r < hi is false');
    expect(result.counts).toMatchObject({ tried: 1000, exhaustive: 216 });
    expect(result.counts.satisfyingRequires).toBeGreaterThan(200);
    expect(hasCounterexample(report)).toBe(true);
  });

  it('finds nothing on the correct twins within the default budget (the false-alarm check), &mut included', () => {
    for (const name of ['clamp', 'max_of', 'bump_first']) {
      const result = find(report, name);
      expect(result, name).toMatchObject({ status: 'checked', counterexamples: [], counts: { tried: 1000 } });
      expect(result.clauses.every((clause) => clause.status === 'executable'), name).toBe(true);
    }
  });

  it('searches an unbounded forall over int on a window, undecided where no counterexample is there; reports a choose and a generic function as not executable', () => {
    const unbounded = find(report, 'below_bound');
    // The forall holds on every input (the code is correct), and a window can only refute it: every input is undecided, none judged.
    expect(unbounded).toMatchObject({ status: 'checked', counterexamples: [], counts: { tried: 1000 } });
    expect(unbounded.clauses).toEqual([expect.objectContaining({ kind: 'ensures', index: 0, status: 'executable', specPanics: 1000 })]);
    expect(find(report, 'some_index').clauses[1]).toMatchObject({ status: 'not-executable', reason: expect.stringContaining('choose') });
    expect(find(report, 'first_of')).toMatchObject({ status: 'not-executable', reason: expect.stringContaining('generic function <T: Copy>') });
  });

  it('checks a mixed-width comparison exactly: r as int == n as int with r: usize, n: u64 (with as int dropped, as the macro alone does, rustc rejects it)', () => {
    const result = find(report, 'widen');
    expect(result.clauses.map((clause) => [clause.kind, clause.index, clause.status])).toEqual([['requires', 0, 'executable'], ['ensures', 0, 'executable'], ['ensures', 1, 'executable']]);
    expect(result).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(report.run.builds).toBe(1);
  });

  it('reports a function that panics on every input with its smallest input, and a hang as timed out (not a counterexample)', () => {
    const panics = find(report, 'past_the_end');
    expect(panics.status === 'checked' && panics.counterexamples).toEqual([
      expect.objectContaining({ kind: 'panic', panic: 'index-out-of-bounds', inputs: [{ name: 'v', value: '[]' }], location: 'src/lib.rs:132:6' }),
    ]);
    expect(find(report, 'spin')).toMatchObject({ status: 'timed-out', inputs: [{ name: 'x', value: '0' }], timeoutMs: 500 });
  });

  it('says what was run', () => {
    expect(report.run).toMatchObject({ budget: 1000, seed: 0, scratchKept: false });
    // The binary's name is the harness crate's own (verus-repair-spec-check-<hex>), so concurrent checks cannot run each other's.
    expect(report.run.command).toEqual(expect.arrayContaining(['cargo', 'build', '--bin', expect.stringMatching(/^verus-repair-spec-check-[0-9a-f]{12}$/)]));
    expect(report.run.runCommand[0]).toMatch(/verus-repair-spec-check-[0-9a-f]{12}$/);
    // The harness crate is a slot under the crate's cache directory, leased for this check only; nothing is left in the temp directory.
    expect(scratchCopies()).toBe(copiesBefore);
    expect(report.run.scratchCrate).toMatch(/\/\.verus-repair\/cache\/spec-harness-crates\/[0-9a-f]{16}\/slot-\d+$/);
    expect(existsSync(`${report.run.scratchCrate}.lock`)).toBe(false);
    // Its built files stay in the shared target: the next check in that slot builds on them.
    expect(existsSync(report.run.runCommand[0] ?? '')).toBe(true);
  });

  it('removes a scratch harness crate and its built files (a cache directory inside the target directory leases no slot)', async () => {
    const { config } = await loadVerifierConfig(FIXTURE);
    const scratch = await checkSpec({ crateDir: FIXTURE, functions: ['clamp'], seed: 0, inputs: 50, environment: ENVIRONMENT, reuseHarness: false, config: { ...config, cacheDir: path.join(config.precheck.targetDir!, 'verus-repair-spec-check-suite-cache') } });
    expect(scratch.run.scratchCrate.startsWith(ownTmpdir)).toBe(true);
    expect(scratchCopies()).toBe(copiesBefore);
    // A scratch package is never built again: its files would stay in the shared target for good (about 20 MB a check).
    const executable = scratch.run.runCommand[0] ?? '';
    expect(existsSync(executable)).toBe(false);
    const binary = path.basename(executable).replace(/-/g, '_');
    expect(readdirSync(path.join(path.dirname(executable), 'deps')).filter((name) => name.startsWith(`${binary}-`))).toEqual([]);
  }, 600_000);
});

describe('checkSpec when rustc rejects part of the harness (real cargo)', () => {
  it('reports a function the harness cannot call with the rustc error, builds again without it, and still checks the others', async () => {
    const files = await readCrateSources(FIXTURE);
    const source = new TextDecoder().decode(files.get('src/lib.rs')!);
    // `inner` is private to `outer`: the harness module (a child of the crate root) cannot name crate::outer::inner::hidden.
    files.set('src/lib.rs', new TextEncoder().encode(`${source}\nmod outer {\n    mod inner {\n        use vstd::prelude::*;\n        verus! {\n        pub fn hidden(x: u8) -> (r: u8)\n            ensures r == x,\n        { x }\n        }\n    }\n}\n`));
    const report = await checkSpec({ crateDir: FIXTURE, files, functions: ['clamp', 'outer::inner::hidden'], seed: 0, inputs: 100, callTimeoutMs: 500, environment: ENVIRONMENT });
    expect(find(report, 'outer::inner::hidden')).toMatchObject({ status: 'harness-failed', reason: expect.stringMatching(/^the harness call of this function does not compile:\nerror\[E0603\]: module `inner` is private/) });
    expect(find(report, 'clamp')).toMatchObject({ status: 'checked', counterexamples: [], counts: { tried: 100 } });
    expect(report.run.builds).toBe(2);
  }, 600_000);
});

describe('verus-repair check-spec', () => {
  // The harness is a scratch build: CARGO_TARGET_DIR does not place it; rust-fixtures/spec-check/verus-repair.toml's target_dir does.

  it('exits 1 on a counterexample and is deterministic for a seed', async () => {
    const first = await runCliInProcess('check-spec', FIXTURE, '--fn', 'clamp_wrong', 'max_of', '--seed', '7', '--inputs', '300', '--json');
    expect(first.exitCode, first.stderr).toBe(1);
    const second = await runCliInProcess('check-spec', FIXTURE, '--fn', 'clamp_wrong', 'max_of', '--seed', '7', '--inputs', '300', '--json');
    const strip = (text: string) => (JSON.parse(text) as SpecCheckReport).functions;
    expect(strip(second.stdout)).toEqual(strip(first.stdout));
    expect(strip(first.stdout)[1]).toMatchObject({ function: 'max_of', counts: { tried: 300 } });
  }, 600_000);

  it.each([
    [['--fn', 'in_range'], /src\/lib\.rs:8:18: --fn in_range names a spec function/],
    [['--fn', 'clmp'], /--fn clmp names no function inside verus! \(did you mean clamp\?\)/],
    [['--fn', 'clamp', '--inputs', 'many'], /--inputs: expected an integer >= 1 and <= 100000, received "many"/],
    [['--fn', 'clamp', '--seed', '-1'], /--seed: expected an integer >= 0/],
  ])('exits 2 on bad input %j, naming the problem without a stack trace', async (args, message) => {
    const run = await runCliInProcess('check-spec', FIXTURE, ...args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a harness built before from the same sources and toolchain (real cargo)', () => {
  it('is reused for another seed and budget: no build, the same verdicts; a changed source builds anew', async () => {
    const files = await readCrateSources(FIXTURE);
    const source = new TextDecoder().decode(files.get('src/lib.rs')!);
    // Sources of their own (a unique comment), so no earlier run of this suite left a build for them.
    const unique = new Map(files).set('src/lib.rs', new TextEncoder().encode(`${source}\n// reuse ${process.pid} ${Date.now()}\n`));
    const check = (seed: number, inputs: number, crateFiles = unique) => checkSpec({ crateDir: FIXTURE, files: crateFiles, functions: ['clamp_wrong'], seed, inputs, callTimeoutMs: 500, environment: ENVIRONMENT });
    const first = await check(0, 1000);
    expect(first.run).toMatchObject({ harnessCache: 'built', builds: 1 });
    expect(first.run.buildMs).toBeGreaterThan(0);
    const second = await check(3, 200);
    expect(second.run).toMatchObject({ harnessCache: 'reused', builds: 1, buildMs: 0, seed: 3, budget: 200, command: first.run.command });
    expect(describeCounterexample('clamp_wrong', (find(second, 'clamp_wrong') as Extract<FunctionSpecCheck, { status: 'checked' }>).counterexamples[0]!)).toBe('clamp_wrong(x = 0, lo = 0, hi = 0) returned 0: ensures lo <= r && r < hi is false');
    expect(find(second, 'clamp_wrong')).toMatchObject({ counts: { tried: 200 } });
    const changed = new Map(unique).set('src/lib.rs', new TextEncoder().encode(`${new TextDecoder().decode(unique.get('src/lib.rs')!)}// changed\n`));
    expect((await check(3, 200, changed)).run.harnessCache).toBe('built');
  }, 600_000);
});
