import { describe, expect, it } from 'vitest';
import { checkSpans, functionNamed, parseSnippet } from '../testing/parse-snippet.js';

describe('functions', () => {
  it('records every mode, with visibility and qualifiers', async () => {
    const ir = await parseSnippet(`
spec fn a() -> int { 1 }
proof fn b() {}
fn c() {}
exec fn d() {}
pub open spec fn e() -> int { 1 }
pub(crate) closed spec fn g() -> int { 1 }
pub broadcast proof fn h() {}
axiom fn i() ensures false;
broadcast axiom fn j();
uninterp spec fn k(x: int) -> int;
spec(checked) fn l() -> int { 1 }
pub const fn m() -> u8 { 1 }
unsafe fn n() {}
pub(in crate::a) fn o() {}`);
    expect(checkSpans(ir)).toEqual([]);
    const rows = ir.functions.map((fn) => [fn.name, fn.mode, fn.baseMode, fn.visibility, fn.qualifiers.join(' '), fn.body === null]);
    expect(rows).toEqual([
      ['a', 'spec', 'spec', null, '', false],
      ['b', 'proof', 'proof', null, '', false],
      ['c', 'exec', 'exec', null, '', false],
      ['d', 'exec', 'exec', null, '', false],
      ['e', 'open spec', 'spec', 'pub', '', false],
      ['g', 'closed spec', 'spec', 'pub(crate)', '', false],
      ['h', 'broadcast proof', 'proof', 'pub', '', false],
      ['i', 'axiom', 'proof', null, '', true],
      ['j', 'broadcast axiom', 'proof', null, '', true],
      ['k', 'uninterp spec', 'spec', null, '', true],
      ['l', 'spec(checked)', 'spec', null, '', false],
      ['m', 'exec', 'exec', 'pub', 'const', false],
      ['n', 'exec', 'exec', null, 'unsafe', false],
      ['o', 'exec', 'exec', 'pub(in crate::a)', '', false],
    ]);
  });

  it('normalizes both attribute forms and keeps arguments', async () => {
    const ir = await parseSnippet(`
#[verifier::external_body]
#[verifier(external_body)]
#[verifier::rlimit(20)]
#[verifier(rlimit(30))]
#[cfg(test)]
fn f() {}`);
    const fn = functionNamed(ir, 'f');
    expect(fn.attributes.map((attribute) => [attribute.name, attribute.arguments, attribute.legacyForm])).toEqual([
      ['verifier::external_body', null, false],
      ['verifier::external_body', null, true],
      ['verifier::rlimit', '20', false],
      ['verifier::rlimit', '30', true],
      ['cfg', 'test', false],
    ]);
    expect(fn.span.lineStart).toBe(3);
    expect(fn.attributes[0]?.text).toBe('#[verifier::external_body]');
  });

  it('parses parameters with modes, patterns and receivers', async () => {
    const ir = await parseSnippet(`impl S {
    fn f(&mut self, tracked t: Tracked<T>, ghost g: int, Ghost(h): Ghost<Map<int, int>>, Tracked(p): Tracked<&mut P>, mut x: u8, (a, b): (u8, u8), f: impl Fn(u8) -> u8) {}
    fn g(self: Box<Self>) {}
    fn h(mut self) {}
}`);
    const f = functionNamed(ir, 'S::f');
    expect(f.parameters.map((parameter) => [parameter.name, parameter.mode, parameter.isSelf, parameter.type?.text ?? null])).toEqual([
      ['self', 'exec', true, null],
      ['t', 'tracked', false, 'Tracked<T>'],
      ['g', 'ghost', false, 'int'],
      ['h', 'ghost', false, 'Ghost<Map<int, int>>'],
      ['p', 'tracked', false, 'Tracked<&mut P>'],
      ['x', 'exec', false, 'u8'],
      ['(a, b)', 'exec', false, '(u8, u8)'],
      ['f', 'exec', false, 'impl Fn(u8) -> u8'],
    ]);
    expect(f.parameters[1]?.span).toBeDefined();
    expect(f.parameters[1]?.pattern.text).toBe('t');
    expect(functionNamed(ir, 'S::g').parameters.map((parameter) => [parameter.name, parameter.type?.text])).toEqual([['self', 'Box<Self>']]);
    expect(functionNamed(ir, 'S::h').parameters[0]?.isSelf).toBe(true);
  });

  it('parses named, unnamed and tracked return values', async () => {
    const ir = await parseSnippet(`
fn a() -> (r: Vec<(u8, u8)>) {}
fn b() -> Option<(u8, u8)> {}
proof fn c() -> (tracked r: Perm) {}
fn d() -> (u8, u8) {}
fn e() {}
proof fn f() -> tracked Perm {}`);
    const returns = ir.functions.map((fn) => fn.returnValue === null ? null : [fn.returnValue.name, fn.returnValue.type.text, fn.returnValue.mode]);
    expect(returns).toEqual([
      ['r', 'Vec<(u8, u8)>', 'exec'],
      [null, 'Option<(u8, u8)>', 'exec'],
      ['r', 'Perm', 'tracked'],
      [null, '(u8, u8)', 'exec'],
      null,
      [null, 'Perm', 'tracked'],
    ]);
  });

  it('parses generics, where clauses and a whole-function prover', async () => {
    const ir = await parseSnippet(`
fn f<T: Copy, const N: usize>(x: [T; N]) -> (r: usize) where T: PartialEq<T> ensures r == N { N }
proof fn g(x: int) by (nonlinear_arith) requires 0 <= x ensures x * x >= 0 {}`);
    const f = functionNamed(ir, 'f');
    expect(f.generics?.text).toBe('<T: Copy, const N: usize>');
    expect(f.whereClause?.text).toBe('where T: PartialEq<T>');
    expect(f.clauses.map((clause) => clause.kind)).toEqual(['ensures']);
    const g = functionNamed(ir, 'g');
    expect(g.prover?.text).toBe('nonlinear_arith');
    expect(g.clauses.map((clause) => clause.kind)).toEqual(['requires', 'ensures']);
    expect(g.signatureSpan.columnEnd).toBeGreaterThan(g.nameSpan.columnEnd);
  });

  it('records trigger annotations from clauses and the body', async () => {
    const ir = await parseSnippet(`proof fn f(s: Seq<int>)
    requires forall|i: int| 0 <= i < s.len() ==> #[trigger] s[i] > 0,
    ensures forall|i: int, j: int| #![trigger s[i], s[j]] i < j ==> s[i] <= s[j],
{
    assert(forall|k: int| #![auto] g(k));
    assert(forall|k: int| #[trigger] h(k).field@ == 0);
}`);
    const fn = functionNamed(ir, 'f');
    expect(fn.triggers.map((trigger) => [trigger.kind, trigger.terms.map((term) => term.text)])).toEqual([
      ['trigger', ['s[i]']],
      ['trigger-group', ['s[i]', 's[j]']],
      ['auto', []],
      ['trigger', ['h(k).field@']],
    ]);
  });

  it('names methods by type and trait and records the owner', async () => {
    const ir = await parseSnippet(`
impl<T: Copy> Counter<T> { fn inc(&mut self) {} }
impl<T> View for Counter<T> { type V = Seq<T>; open spec fn view(&self) -> Seq<T> { seq![] } }
trait Shape { spec fn area(&self) -> int; fn scale(&mut self, k: u8) ensures self.area() >= old(self).area(); }
impl<'a> Shape for &'a mut Square { spec fn area(&self) -> int { 1 } fn scale(&mut self, k: u8) {} }`);
    expect(ir.functions.map((fn) => [fn.qualifiedName, fn.owner])).toEqual([
      ['Counter::inc', { kind: 'impl', selfType: 'Counter<T>', traitName: null }],
      ['Counter::view', { kind: 'impl', selfType: 'Counter<T>', traitName: 'View' }],
      ['Shape::area', { kind: 'trait', traitName: 'Shape' }],
      ['Shape::scale', { kind: 'trait', traitName: 'Shape' }],
      ['Square::area', { kind: 'impl', selfType: "&'a mut Square", traitName: 'Shape' }],
      ['Square::scale', { kind: 'impl', selfType: "&'a mut Square", traitName: 'Shape' }],
    ]);
    expect(functionNamed(ir, 'Shape::scale').body).toBeNull();
    expect(functionNamed(ir, 'Shape::scale').clauses[0]?.expressions[0]?.text).toBe('self.area() >= old(self).area()');
  });

  it('records functions outside verus! as plain Rust', async () => {
    const ir = await parseSnippet(`use vstd::prelude::*;
fn outside(x: u8) -> u8 { x }
verus! { fn inside() {} }
mod m { pub fn nested() {} verus! { proof fn lemma() {} } }`);
    expect(ir.functions.map((fn) => [fn.qualifiedName, fn.insideVerus, fn.modulePath])).toEqual([
      ['outside', false, []],
      ['inside', true, []],
      ['m::nested', false, ['m']],
      ['m::lemma', true, ['m']],
    ]);
  });
});
