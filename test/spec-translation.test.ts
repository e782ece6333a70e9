import { describe, expect, it } from 'vitest';
import { checkSpec, describeCounterexample, testLoopInvariants, type FunctionSpecCheck, type SpecCheckReport } from '../src/specification/index.js';
import { readCrateSources } from '../src/specification/harness/read-crate-sources.js';
import { sharedTargetConfig } from './fakes/shared-target-config.js';

const ENVIRONMENT = { ...process.env };
const fixture = (name: string) => new URL(`../rust-fixtures/${name}/`, import.meta.url).pathname;

/** checkSpec on a fixture, with `edit` applied to one of its files in memory (the fixture on disk is never changed). */
async function check(name: string, functions: string[], edit?: { file: string; from: string; to: string }, inputs = 300): Promise<SpecCheckReport> {
  const crateDir = fixture(name);
  const files = await readCrateSources(crateDir);
  if (edit !== undefined) {
    const source = new TextDecoder().decode(files.get(edit.file)!);
    const edited = source.replace(edit.from, edit.to);
    expect(edited, `${edit.from} in ${name}/${edit.file}`).not.toBe(source);
    files.set(edit.file, new TextEncoder().encode(edited));
  }
  return checkSpec({ crateDir, files, functions, seed: 0, inputs, callTimeoutMs: 1000, environment: ENVIRONMENT, config: sharedTargetConfig(crateDir) });
}

function result(report: SpecCheckReport, name: string): FunctionSpecCheck {
  const found = report.functions.find((entry) => entry.function === name);
  if (found === undefined) throw new Error(`no result for ${name}`);
  return found;
}

const statuses = (check: FunctionSpecCheck) => check.clauses.map((clause) => `${clause.kind}[${clause.index}] ${clause.status}`);
const firstCounterexample = (check: FunctionSpecCheck) => (check.status === 'checked' && check.counterexamples[0] !== undefined ? describeCounterexample(check.function, check.counterexamples[0]) : null);

// Real cargo, erased exec code. Each of these clauses was not executable before the typed translation:
// vstd's macro compiles no int/nat and no methods (contrib/exec_spec.rs compile_type, and MethodCall).
describe('spec fns over int and nat, translated to exact i128 code', () => {
  it('checks fib, gcd and triangle (recursive with decreases) and finds no counterexample in the correct code', async () => {
    const fibonacci = await check('fibonacci', ['fib_iter']);
    expect(statuses(result(fibonacci, 'fib_iter'))).toEqual(['requires[0] executable', 'ensures[0] executable']);
    expect(result(fibonacci, 'fib_iter')).toMatchObject({ status: 'checked', counterexamples: [] });
    const gcd = await check('gcd', ['gcd_loop', 'gcd_recursive']);
    for (const name of ['gcd_loop', 'gcd_recursive']) expect(result(gcd, name), name).toMatchObject({ status: 'checked', counterexamples: [], clauses: [{ status: 'executable' }] });
    const sum = await check('sum-to', ['loop_triangle', 'closed_triangle']);
    for (const name of ['loop_triangle', 'closed_triangle']) expect(result(sum, name), name).toMatchObject({ status: 'checked', counterexamples: [] });
    // triangle(n) recurses n deep: beyond the spec fn frame budget the requires panics, and the input is skipped (never a counterexample).
    const loop = result(sum, 'loop_triangle');
    expect(loop.status === 'checked' && loop.counts.requiresPanicked).toBeGreaterThan(0);
    expect(loop.status === 'checked' && loop.counts.satisfyingRequires).toBeGreaterThan(5);
  }, 600_000);

  it('finds the smallest input where a wrong fib_iter differs from fib', async () => {
    const wrong = await check('fibonacci', ['fib_iter'], { file: 'src/lib.rs', from: '    }\n    cur\n}', to: '    }\n    prev\n}' });
    expect(firstCounterexample(result(wrong, 'fib_iter'))).toBe('fib_iter(n = 1) returned 0: ensures r == fib(n as nat) is false');
  }, 600_000);

  it("computes % on signed integers as Verus's Euclidean remainder: no false counterexample at x = -1", async () => {
    const report = await check('spec-check', ['is_odd'], {
      file: 'src/lib.rs', from: '} // verus!',
      to: 'pub fn is_odd(x: i32) -> (r: bool)\n    ensures\n        r == (x % 2 == 1),\n{\n    x % 2 != 0\n}\n\n} // verus!',
    });
    expect(result(report, 'is_odd')).toMatchObject({ status: 'checked', counterexamples: [], clauses: [{ status: 'executable' }] });
  }, 600_000);
});

describe('quantifiers over a range too large to enumerate', () => {
  it('skip the input (the step budget panics) instead of hanging the whole check', async () => {
    const report = await check('spec-check', ['up_to'], {
      file: 'src/lib.rs', from: '} // verus!',
      to: 'pub fn up_to(x: u64) -> (r: u64)\n    ensures\n        forall|i: int| 0 <= i < x ==> i < r,\n{\n    x\n}\n\n} // verus!',
    });
    const upTo = result(report, 'up_to');
    expect(upTo).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(upTo.clauses[0]).toMatchObject({ status: 'executable', specPanics: expect.any(Number) });
    expect(upTo.clauses[0]!.status === 'executable' && upTo.clauses[0]!.specPanics).toBeGreaterThan(0);
  }, 600_000);
});

describe('methods of structs: receivers, associated functions, private fields and methods, old(self)', () => {
  it("checks Stock's methods (built from generated fields) and finds nothing in the correct code", async () => {
    const names = ['Stock::new', 'Stock::get', 'Stock::restock', 'Stock::withdraw', 'Stock::total', 'Stock::fullest'];
    const report = await check('inventory', names);
    for (const name of names) {
      const entry = result(report, name);
      expect(entry, name).toMatchObject({ status: 'checked', counterexamples: [] });
      expect(entry.clauses.every((clause) => clause.status === 'executable'), name).toBe(true);
    }
    // Inputs mostly violate well_formed(); the counts say how many satisfied the requires.
    const restock = result(report, 'Stock::restock');
    expect(restock.status === 'checked' && restock.counts.satisfyingRequires).toBeGreaterThan(0);
  }, 600_000);

  it('finds a restock that breaks well_formed, with the struct shown by its fields', async () => {
    const report = await check('inventory', ['Stock::restock'], { file: 'src/stock.rs', from: 'if amount > self.cap - current {', to: 'if amount > self.cap {' }, 1000);
    const restock = result(report, 'Stock::restock');
    const found = restock.status === 'checked' ? restock.counterexamples.map((counterexample) => describeCounterexample('Stock::restock', counterexample)) : [];
    expect(found).toContain('Stock::restock(self = Stock { counts: [1], cap: 1 }, slot = 0, amount = 1) returned true, leaving self = Stock { counts: [2], cap: 1 }: ensures final(self).well_formed() is false');
    // current + amount can now overflow too: a panic is a counterexample of its own kind.
    expect(restock.status === 'checked' && restock.counterexamples.map((counterexample) => counterexample.kind === 'panic' && counterexample.panic)).toContain('arithmetic-overflow');
  }, 600_000);

  it('calls private methods through a shim in the scratch copy (Ledger::credit, RingBuffer::slot_index)', async () => {
    const ledger = await check('ledger', ['ledger::Ledger::credit', 'ledger::Ledger::transfer']);
    expect(result(ledger, 'ledger::Ledger::credit')).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(statuses(result(ledger, 'ledger::Ledger::credit')).every((status) => status.endsWith(' executable'))).toBe(true);
    const ring = await check('ring-buffer', ['ring::RingBuffer::slot_index']);
    expect(result(ring, 'ring::RingBuffer::slot_index')).toMatchObject({ status: 'checked', counterexamples: [], clauses: [{ status: 'executable' }, { status: 'executable' }, { status: 'executable' }, { status: 'executable' }] });
  }, 600_000);

  it("checks clauses over RingBuffer's view, built with Seq::new(len, |i| ..), and finds a pop_front that moves the head wrongly", async () => {
    const names = ['ring::RingBuffer::get', 'ring::RingBuffer::push_back', 'ring::RingBuffer::pop_front'];
    const ring = await check('ring-buffer', names, undefined, 1000);
    for (const name of names) expect(result(ring, name), name).toMatchObject({ status: 'checked', counterexamples: [] });
    expect(statuses(result(ring, 'ring::RingBuffer::pop_front')).every((status) => status.endsWith(' executable'))).toBe(true);
    const wrong = await check('ring-buffer', ['ring::RingBuffer::pop_front'], { file: 'src/lib.rs', from: '                self.head = 0;', to: '                self.head = 1;' }, 1000);
    expect(firstCounterexample(result(wrong, 'ring::RingBuffer::pop_front'))).toBe('ring::RingBuffer::pop_front(self = RingBuffer { slots: [0], head: 0, len: 1 }) returned 0, leaving self = RingBuffer { slots: [0], head: 1, len: 0 }: ensures final(self).well_formed() is false');
  }, 600_000);
});

describe('candidate loop invariants over int/nat spec fns (typed the same way)', () => {
  it("falsifies a changed invariant of sum-to's loop on a concrete run, and lets a true one pass", async () => {
    const crateDir = fixture('sum-to');
    const files = await readCrateSources(crateDir);
    const original = new TextDecoder().decode(files.get('src/lib.rs')!);
    const candidate = (invariant: string) => new Map(files).set('src/lib.rs', new TextEncoder().encode(original.replace('            sum == triangle(idx as nat),\n            triangle(n as nat) < 0x1_0000_0000,', `            ${invariant},\n            triangle(n as nat) < 0x1_0000_0000,`)));
    const run = (invariant: string) => testLoopInvariants({ crateDir, files: candidate(invariant), file: 'src/lib.rs', originalSource: original, functions: ['loop_triangle'], inputs: 300, seed: 0, environment: ENVIRONMENT, config: sharedTargetConfig(crateDir) });
    const wrong = await run('sum == triangle(idx as nat) + idx');
    expect(wrong.status === 'falsified' && wrong.falsified.map((entry) => entry.description)).toEqual([
      'loop_triangle(n = 1): invariant sum == triangle(idx as nat) + idx of loop_triangle/loop#0 (line 59) is false after iteration 1, with sum = 1, idx = 1',
    ]);
    const right = await run('sum <= triangle(idx as nat)');
    expect(right).toMatchObject({ status: 'not-falsified', tested: 1, untested: [] });
  }, 600_000);
});
