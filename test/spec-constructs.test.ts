import { describe, expect, it } from 'vitest';
import { checkSpec, describeCounterexample, type FunctionSpecCheck, type SpecCheckReport } from '../src/specification/index.js';
import { readCrateSources } from '../src/specification/harness/read-crate-sources.js';
import { sharedTargetConfig } from './fakes/shared-target-config.js';

// Real cargo on rust-fixtures/spec-constructs: the parameter types and spec constructs public Verus
// code uses (HumanEval-Verus, Verus-Bench). Each correct function gives no counterexample; its broken
// twin (an edit in memory) gives the one expected.
const crateDir = new URL('../rust-fixtures/spec-constructs/', import.meta.url).pathname;

async function check(functions: string[], edit?: { from: string; to: string }, inputs = 300): Promise<SpecCheckReport> {
  const files = await readCrateSources(crateDir);
  if (edit !== undefined) {
    const source = new TextDecoder().decode(files.get('src/lib.rs')!);
    const edited = source.replace(edit.from, edit.to);
    expect(edited, edit.from).not.toBe(source);
    files.set('src/lib.rs', new TextEncoder().encode(edited));
  }
  return checkSpec({ crateDir, files, functions, seed: 0, inputs, callTimeoutMs: 2000, environment: { ...process.env }, config: sharedTargetConfig(crateDir) });
}

/** check-spec on the fixture with src/lib.rs edited in memory by `edit`. */
async function checkEdited(functions: string[], edit: (source: string) => string, inputs = 300): Promise<SpecCheckReport> {
  const files = await readCrateSources(crateDir);
  const source = new TextDecoder().decode(files.get('src/lib.rs')!);
  const edited = edit(source);
  expect(edited).not.toBe(source);
  files.set('src/lib.rs', new TextEncoder().encode(edited));
  return checkSpec({ crateDir, files, functions, seed: 0, inputs, callTimeoutMs: 2000, environment: { ...process.env }, config: sharedTargetConfig(crateDir) });
}

function result(report: SpecCheckReport, name: string): FunctionSpecCheck {
  const found = report.functions.find((entry) => entry.function === name);
  if (found === undefined) throw new Error(`no result for ${name}`);
  return found;
}

const counterexamples = (check: FunctionSpecCheck) => (check.status === 'checked' ? check.counterexamples.map((counterexample) => describeCounterexample(check.function, counterexample)) : [`${check.status}: ${'reason' in check ? check.reason : ''}`]);
const notExecutable = (check: FunctionSpecCheck) => check.clauses.filter((clause) => clause.status === 'not-executable').map((clause) => `${clause.kind}[${clause.index}]: ${clause.status === 'not-executable' ? clause.reason : ''}`);

describe('a result named res (the name vstd\'s macro gives every exec fn\'s result)', () => {
  it('is checked under another name and reported under its own', async () => {
    const correct = result(await check(['double']), 'double');
    expect(notExecutable(correct)).toEqual([]);
    expect(counterexamples(correct)).toEqual([]);
    const wrong = result(await check(['double'], { from: 'x as u16 * 2\n', to: 'x as u16 * 2 + 1\n' }), 'double');
    expect(counterexamples(wrong)).toEqual(['double(x = 0) returned 1: ensures res == 2 * x is false']);
  }, 600_000);
});

describe('parameters of types public Verus code takes: char, &str, &[char], Vec<char>, [T; N]', () => {
  it('checks each against its spec view (a string as its Seq<char>, an array as its Seq<T>) and finds the broken twins\' smallest inputs', async () => {
    const names = ['is_digit', 'count_spaces', 'upper_digits', 'larger_of_pair'];
    const correct = await check(names);
    for (const name of names) expect(counterexamples(result(correct, name)), name).toEqual([]);
    for (const name of names) expect(notExecutable(result(correct, name)), name).toEqual([]);
    const cases: Array<[string, { from: string; to: string }, string]> = [
      ['is_digit', { from: "c >= '0' && c <= '9'", to: "c >= '0' && c < '9'" }, "is_digit(c = '9') returned false: ensures r <==> is_digit_spec(c) is false"],
      ['count_spaces', { from: "if s.get_char(i) == ' ' {", to: "if s.get_char(i) != 'b' {" }, 'count_spaces(s = "a") returned 1: ensures n == s@.filter(|c: char| c == \' \').len() is false'],
      ['upper_digits', { from: "r.push(if s[i] == 'a' { 'A' }", to: "r.push(if s[i] == 'a' { 'B' }" }, "upper_digits(s = ['a']) returned ['B']: ensures r@ == s@.map_values(|c: char| if c == 'a' { 'A' } else { c }) is false"],
      ['larger_of_pair', { from: 'if a[0] >= a[1] {', to: 'if a[0] <= a[1] {' }, 'larger_of_pair(a = [0, 1]) returned 0: ensures r == vstd::math::max(a@[0] as int, a@[1] as int) is false'],
    ];
    const found: string[][] = [];
    for (const [name, edit] of cases) found.push(counterexamples(result(await check([name], edit), name)));
    expect(found).toEqual(cases.map(([, , expected]) => [expected]));
  }, 600_000);
});

describe("Seq's filter, map_values, fold_left, reverse and no_duplicates, lifted out of the clause", () => {
  it('computes them as vstd defines them: nothing in the correct code, the smallest input in each broken twin', async () => {
    const names = ['count_spaces', 'upper_digits', 'sum', 'evens', 'reversed', 'all_distinct'];
    const correct = await check(names);
    for (const name of names) expect(counterexamples(result(correct, name)), name).toEqual([]);
    for (const name of ['sum', 'evens']) expect(notExecutable(result(correct, name)), name).toEqual([]);
    const cases: Array<[string, { from: string; to: string }, string]> = [
      ['sum', { from: 'r = r + v[i] as u64;', to: 'r = r + 1;' }, 'sum(v = [0]) returned 1: ensures r == sum_spec(v@) is false'],
      ['evens', { from: 'if v[i] % 2 == 0 {', to: 'if v[i] % 2 == 1 {' }, 'evens(v = [0]) returned []: ensures r@ == v@.filter(|x: i32| x % 2 == 0) is false'],
      ['reversed', { from: 'i = i - 1;\n        r.push(v[i]);', to: 'i = i - 1;\n        r.push(v[0]);' }, 'reversed(v = [0, 1]) returned [0, 0]: ensures r@ == v@.reverse() is false'],
      ['all_distinct', { from: 'if v[j] == v[i] {', to: 'if v[j] != v[i] {' }, 'all_distinct(v = [0, 0]) returned true: ensures r == v@.no_duplicates() is false'],
    ];
    const found: string[][] = [];
    for (const [name, edit] of cases) found.push(counterexamples(result(await check([name], edit), name)));
    expect(found).toEqual(cases.map(([, , expected]) => [expected]));
  }, 600_000);
});

describe('requires that tie a vector\'s length to an integer parameter or a constant (Verus-Bench\'s Diffy programs)', () => {
  it('shapes the inputs to the length equations, so inputs meet the requires, and finds the broken twin\'s smallest input', async () => {
    const correct = result(await check(['fill_ones'], undefined, 40), 'fill_ones');
    expect(counterexamples(correct)).toEqual([]);
    expect(notExecutable(correct)).toEqual([]);
    expect(correct.status === 'checked' ? correct.counts.satisfyingRequires : 0).toBeGreaterThanOrEqual(20);
    const wrong = result(await check(['fill_ones'], { from: 'a.set(i, 1);', to: 'a.set(i, 2);' }, 40), 'fill_ones');
    expect(counterexamples(wrong)).toEqual(['fill_ones(a = [0], total = [0], n = 1) left a = [2], total = [1]: ensures forall|k: int| 0 <= k < n ==> a[k] == 1 is false']);
  }, 600_000);
});

describe('an ensures that no input decides (a forall over an unbounded type that holds on its whole search window)', () => {
  it('says the clause was decided on no input, and does not count it as checked', async () => {
    const report = await check(['half_of_even'], { from: 'exists|k: int| k * 2 == x && k == r,', to: 'forall|k: int| k * 2 != x || k == r,' }, 20);
    const undecided = result(report, 'half_of_even');
    expect(counterexamples(undecided)).toEqual([]);
    expect(undecided.notes.filter((note) => note.startsWith('ensures[0] was decided on no input: evaluating it panicked on all '))).toHaveLength(1);
    expect(report.clausesChecked).toBe(0);
  }, 600_000);
});

describe('imports outside verus! of what only ghost code has (HumanEval-Verus\'s `use vstd::math::abs as vabs;`)', () => {
  const imports = { from: 'use vstd::prelude::*;\n', to: 'use vstd::arithmetic::power::pow;\nuse vstd::math::abs as vabs;\nuse vstd::multiset::{lemma_update_same, Multiset};\nuse vstd::prelude::*;\n' };
  const aliased = (body?: { from: string; to: string }) => (source: string) => {
    const edited = source.replace(imports.from, imports.to).replace('r == vstd::math::abs(a - b),', 'r == vabs(a - b),').replace('r == vstd::arithmetic::power::pow(x as int, 1),', 'r == pow(x as int, 1),');
    return body === undefined ? edited : edited.replace(body.from, body.to);
  };

  it('builds the harness with those imports dropped (lemma_update_same cut from its use tree, Multiset kept) and calls vstd\'s spec fns by their imported names', async () => {
    const correct = await checkEdited(['distance', 'first_power'], aliased());
    expect(correct.run.harnessFixes).toEqual([
      expect.stringMatching(/^src\/lib\.rs:5: removed the import of vstd::arithmetic::power::pow \(vstd::arithmetic::power::pow is a spec fn, which the erased verus! macro drops \(vstd\/arithmetic\/power\.rs:\d+\)\): only ghost code can use it$/),
      expect.stringMatching(/^src\/lib\.rs:6: removed the import of vstd::math::abs /),
      expect.stringMatching(/^src\/lib\.rs:7: removed the import of vstd::multiset::lemma_update_same \(.*proof fn/),
    ]);
    for (const name of ['distance', 'first_power']) {
      expect(counterexamples(result(correct, name)), name).toEqual([]);
      expect(notExecutable(result(correct, name)).filter((line) => line.startsWith('ensures[0]')), name).toEqual([]);
    }
    const wrong = await checkEdited(['distance', 'first_power'], aliased({ from: '(a as i64 - b as i64) as u32', to: '(a as i64 - b as i64 + 1) as u32' }));
    expect(counterexamples(result(wrong, 'distance'))[0]).toBe('distance(a = 0, b = 0) returned 1: ensures r == vabs(a - b) is false');
    const power = await checkEdited(['first_power'], (source) => aliased()(source).replace('    }\n    x\n}', '    }\n    x | 1\n}'));
    expect(counterexamples(result(power, 'first_power'))).toEqual(['first_power(x = 0) returned 1: ensures r == pow(x as int, 1) is false']);
  }, 600_000);
});

describe('inputs seeded with the function\'s own literals (the values its code and spec compare with)', () => {
  it('tries the char a bound names, which 20 simple and random chars would miss', async () => {
    const wrong = result(await check(['is_digit'], { from: "c >= '0' && c <= '9'", to: "c >= '0' && c < '9'" }, 20), 'is_digit');
    expect(counterexamples(wrong)).toEqual(["is_digit(c = '9') returned false: ensures r <==> is_digit_spec(c) is false"]);
  }, 600_000);
});
