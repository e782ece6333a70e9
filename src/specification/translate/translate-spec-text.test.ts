import { describe, expect, it } from 'vitest';
import type { SpecScope } from '../types/spec-scope.js';
import type { SpecType } from '../types/spec-type.js';
import { translateSpecText } from './translate-spec-text.js';

const int = (name: string): SpecType => ({ kind: 'int', name: name as 'int' });
const seq = (element: SpecType): SpecType => ({ kind: 'seq', element });
const option = (inner: SpecType): SpecType => ({ kind: 'option', inner });
const STOCK: SpecType = { kind: 'struct', name: 'Stock' };

const SCOPE: SpecScope = {
  variables: new Map<string, { text: string; type: SpecType }>([
    ['v', { text: 'v', type: seq(int('u64')) }], ['r', { text: 'r', type: option(int('usize')) }], ['n', { text: 'n', type: int('u64') }],
    ['w', { text: 'w', type: int('usize') }], ['x', { text: 'x', type: int('i32') }], ['self', { text: 'vr_self', type: STOCK }], ['old_self', { text: 'old_vr_self', type: STOCK }],
  ]),
  oldNames: new Map([['self', 'old_self']]),
  functions: new Map([
    ['fib', { key: 'fib', emittedName: 'fib', parameters: [int('nat')], result: int('nat'), method: false }],
    ['Stock::well_formed', { key: 'Stock::well_formed', emittedName: 'vr_stock_well_formed', parameters: [STOCK], result: { kind: 'bool' }, method: true }],
  ]),
  structs: new Map([['Stock', { name: 'Stock', fields: new Map([['counts', seq(int('u32'))], ['cap', int('u32')]]) }]]),
  unavailable: new Map([['view_all', 'spec fn view_all: closures (spec_fn values) have no exec counterpart in vstd exec_spec']]),
};

const translate = (text: string) => translateSpecText(text, SCOPE);

describe('translateSpecText (typed, for vstd exec_spec_unverified!)', () => {
  it('compares integers of different widths exactly, in i128 (the macro alone drops as int and rustc rejects usize == u64)', () => {
    expect(translate('w as int == n as int')).toEqual({ ok: true, text: '(vr_int(w) == vr_int(n))', calls: [] });
    expect(translate('0 <= x <= n')).toMatchObject({ ok: true, text: '(0i128 <= vr_int(x) && vr_int(x) <= vr_int(n))' });
  });

  it("computes arithmetic with checked helpers and Verus's Euclidean / and %, and range-checks casts where `as` would wrap", () => {
    expect(translate('x % 2 == 1 && x / 2 >= -3')).toMatchObject({ ok: true, text: '((vr_rem(vr_int(x), 2i128) == 1i128) && (vr_div(vr_int(x), 2i128) >= vr_neg(3i128)))' });
    expect(translate('(n - 1) as nat == n as nat')).toMatchObject({ ok: true, text: '(vr_cast_nat(vr_sub(vr_int(n), 1i128)) == vr_int(n))' });
    expect(translate('r == Some((w + 1) as usize)')).toMatchObject({ ok: true, text: '(r == Some(vr_narrow_usize(vr_cast_usize(vr_add(vr_int(w), 1i128)))))' });
    expect(translate('fib(n as nat) <= u64::MAX')).toEqual({ ok: true, text: '(vr_int(fib(vr_int(n))) <= vr_int(u64::MAX))', calls: ['fib'] });
  });

  it('binds a matches pattern to the unwrapped value over its ==> continuation, and tests None by matching', () => {
    expect(translate('r matches Some(i) ==> i < v.len() && v@[i as int] == n')).toMatchObject({
      ok: true, text: '((r matches Some(_)) ==> ((vr_int(r.unwrap()) < vr_int(v.len())) && (vr_int(v[vr_narrow_usize(vr_int(r.unwrap()))]) == vr_int(n))))',
    });
    expect(translate('r == None || None != r')).toMatchObject({ ok: true, text: '((r matches None) || (!(r matches None)))' });
  });

  it('gives each binder a range from the guard, clamped to its type, and keeps the whole guard as the condition', () => {
    expect(translate('forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j]')).toMatchObject({
      ok: true,
      text: '(forall|i: i128, j: i128| 0i128 <= i < vr_int(v.len()) && vr_int(i) <= j < vr_int(v.len()) ==> (vr_step() && (((0i128 <= vr_int(i) && vr_int(i) <= vr_int(j) && vr_int(j) < vr_int(v.len())) ==> (vr_int(v[vr_narrow_usize(vr_int(i))]) <= vr_int(v[vr_narrow_usize(vr_int(j))]))))))',
    });
    // A nat binder starts at 0, whatever the guard says: the spec ranges over nats only.
    expect(translate('exists|i: nat| -5 <= i < 3 && v[i as int] == n')).toMatchObject({ ok: true, text: expect.stringMatching(/^\(exists\|i: i128\| vr_max\(vr_neg\(5i128\), 0i128\) <= i < 3i128 && /) });
    // Unbounded below: searched over a window under its upper bound; without a counterexample there, undecided (a panic), never true.
    expect(translate('forall|i: int| i < n ==> i < w')).toMatchObject({ ok: true, text: '((forall|i: i128| vr_sub(vr_int(n), 1000i128) <= i < vr_int(n) ==> (vr_step() && (((vr_int(i) < vr_int(n)) ==> (vr_int(i) < vr_int(w)))))) && vr_undecided())' });
    expect(translate('exists|k: int| k + k == n')).toMatchObject({ ok: true, text: expect.stringMatching(/^\(\(exists\|k: i128\| -500i128 <= k < 500i128 && .* \|\| vr_undecided\(\)\)$/) });
    // An untyped binder is an int when the guard bounds it; unbounded, Verus's inferred type might be narrower than the window.
    expect(translate('forall|i| 0 <= i < n ==> i < w')).toMatchObject({ ok: true, text: expect.stringMatching(/^\(forall\|i: i128\| 0i128 <= i < vr_int\(n\)/) });
    expect(translate('forall|i| i < n ==> i < w')).toMatchObject({ ok: false, reason: expect.stringContaining('the untyped i has no guard') });
  });

  it("reads a struct's fields and calls the spec fns of its impl as free functions of the mirror; old(self) is the value before", () => {
    expect(translate('final(self).well_formed() && self.cap == old(self).cap && self.counts.len() > 0')).toEqual({
      ok: true, text: '((vr_stock_well_formed(vr_self) && (vr_int(vr_self.cap) == vr_int(old_vr_self.cap))) && (vr_int(vr_self.counts.len()) > 0i128))', calls: ['Stock::well_formed', 'struct Stock'],
    });
  });

  it('refuses what has no exact exec counterpart, with the reason', () => {
    expect(translate('r == choose|i: usize| i < 5')).toMatchObject({ ok: false, reason: expect.stringContaining('choose') });
    expect(translate('forall|i: int| 0 <= i < 2 ==> (|x: int| x > i)')).toMatchObject({ ok: false, reason: expect.stringContaining('closures') });
    // Seq::new needs a place for the element function it lifts (a clause's or spec fn's own name).
    expect(translate('v == Seq::new(3, |i: int| 0u64)')).toMatchObject({ ok: false, reason: expect.stringContaining('closures') });
    expect(translate('view_all(v)')).toMatchObject({ ok: false, reason: expect.stringMatching(/^uses spec fn view_all, which is not executable: .*closures/) });
    expect(translate('n << 2 == 0')).toMatchObject({ ok: false, reason: expect.stringContaining('shift') });
    expect(translate('v == w')).toMatchObject({ ok: false, reason: 'comparing Seq<u64> with usize' });
  });

  it('translates Seq::new(len, |i| body) exactly: the body lifted into a spec fn, the vector built by calling it for i in 0..len', () => {
    expect(translateSpecText('v == Seq::new(w as nat, |i: int| v[i] + 1) && old(self).cap > 0', SCOPE, { kind: 'bool' }, 'vr_f0_ensures_0')).toEqual({
      ok: true,
      text: '((v == vr_seq_new_vr_f0_ensures_0_0(v, vr_narrow_usize(vr_int(w)))) && (vr_int(old_vr_self.cap) > 0i128))',
      calls: ['struct Stock'],
      lifted: {
        items: ['spec fn vr_element_vr_f0_ensures_0_0(v: Seq<u64>, i: i128) -> u64 {\n    vr_narrow_u64(vr_add(vr_int(v[vr_narrow_usize(vr_int(i))]), 1i128))\n}'],
        glue: ['pub fn exec_vr_seq_new_vr_f0_ensures_0_0(v: &[u64], vr_length: usize) -> Vec<u64> { (0..vr_length).map(|vr_i| exec_vr_element_vr_f0_ensures_0_0(v, vr_i as i128)).collect() }\n'],
      },
    });
  });
});
