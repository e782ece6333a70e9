import { describe, expect, it } from 'vitest';
import type { Clause } from '../clause.js';
import { checkSpans, functionNamed, parseSnippet } from '../testing/parse-snippet.js';

function texts(clause: Clause | undefined): string[] {
  return clause?.expressions.map((expression) => expression.text) ?? [];
}

async function clausesOf(code: string, name = 'f'): Promise<Clause[]> {
  const ir = await parseSnippet(code);
  expect(checkSpans(ir)).toEqual([]);
  return functionNamed(ir, name).clauses;
}

describe('clause expressions', () => {
  it('keeps quantifier binders whole and ends the body at the next top-level comma', async () => {
    const [requires] = await clausesOf(`fn f(v: Vec<u64>)
    requires
        forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j],
        exists|i: int, k: nat| i == k,
        v@ == choose|s: Seq<u64>, t: int| s.len() == t,
{}`);
    expect(requires?.kind).toBe('requires');
    expect(texts(requires)).toEqual([
      'forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j]',
      'exists|i: int, k: nat| i == k',
      'v@ == choose|s: Seq<u64>, t: int| s.len() == t',
    ]);
  });

  it('does not split generic arguments or turbofish', async () => {
    const [ensures] = await clausesOf(`fn f() -> (r: Ghost<Map<int, Seq<u8>>>)
    ensures r@ == Map::<int, Seq<u8>>::empty(), Seq::<u8>::empty().len() == 0, x as Map<int, int> == y, q,
{}`);
    expect(texts(ensures)).toEqual(['r@ == Map::<int, Seq<u8>>::empty()', 'Seq::<u8>::empty().len() == 0', 'x as Map<int, int> == y', 'q']);
  });

  it('splits comparisons that only look like generics', async () => {
    const [requires] = await clausesOf('fn f(a: int, b: int, c: int, d: int) requires a < b, c > d, a<b, MAX < c, d >= MIN {}');
    expect(texts(requires)).toEqual(['a < b', 'c > d', 'a<b', 'MAX < c', 'd >= MIN']);
  });

  it('keeps closure parameters whole', async () => {
    const [ensures] = await clausesOf('fn f() ensures (|x: int, y: int| x + y)(1, 2) == 3, g(|a: int, b: int| a < b, 7), h(move |z| z), {}');
    expect(texts(ensures)).toEqual(['(|x: int, y: int| x + y)(1, 2) == 3', 'g(|a: int, b: int| a < b, 7)', 'h(move |z| z)']);
  });

  it('records &&& and ||| bullets as sub-expressions', async () => {
    const [requires, ensures] = await clausesOf(`spec fn f(a: bool, b: bool, c: bool) -> bool
    recommends
        &&& a
        &&& (b || c)
        &&& c ==> (a && b),
    ensures
        ||| a
        ||| b || c,
        a,
{ a }`);
    expect(requires?.kind).toBe('recommends');
    expect(texts(requires)).toEqual(['&&& a\n        &&& (b || c)\n        &&& c ==> (a && b)']);
    expect(requires?.expressions[0]?.bullets.map((bullet) => bullet.text)).toEqual(['a', '(b || c)', 'c ==> (a && b)']);
    expect(ensures?.expressions[0]?.bullets.map((bullet) => bullet.text)).toEqual(['a', 'b || c']);
    expect(ensures?.expressions[1]?.bullets).toEqual([]);
  });

  it('handles a single expression without a trailing comma, and trailing commas', async () => {
    const clauses = await clausesOf('fn f(x: u8) requires x > 0 ensures true, decreases x, {}');
    expect(clauses.map((clause) => [clause.kind, texts(clause), clause.trailingComma])).toEqual([
      ['requires', ['x > 0'], false],
      ['ensures', ['true'], true],
      ['decreases', ['x'], true],
    ]);
  });

  it('parses every function clause kind, including when and via after decreases', async () => {
    const clauses = await clausesOf(`proof fn f(x: nat)
    requires x > 0,
    recommends x < 10,
    ensures x >= 1,
    returns x,
    decreases x when x > 1 via f_decreases,
    opens_invariants any
    no_unwind
{}`);
    expect(clauses.map((clause) => clause.kind)).toEqual(['requires', 'recommends', 'ensures', 'returns', 'decreases', 'when', 'via', 'opens_invariants', 'no_unwind']);
    expect(clauses.map(texts)).toEqual([['x > 0'], ['x < 10'], ['x >= 1'], ['x'], ['x'], ['x > 1'], ['f_decreases'], ['any'], []]);
  });

  it('ends a clause at the body even after if/else and match expressions', async () => {
    const [ensures] = await clausesOf('fn f(x: u8) -> (r: u8) ensures r == if x > 0 { 1u8 } else { 0u8 }, match x { 0 => r == 0, _ => true } { 0 }');
    expect(texts(ensures)).toEqual(['r == if x > 0 { 1u8 } else { 0u8 }', 'match x { 0 => r == 0, _ => true }']);
  });

  it('stops at a clause keyword used as a method name only when it is not after a dot', async () => {
    const [requires, ensures] = await clausesOf('fn f(s: S) requires s.ensures(), s.requires ensures s.decreases() {}');
    expect(texts(requires)).toEqual(['s.ensures()', 's.requires']);
    expect(texts(ensures)).toEqual(['s.decreases()']);
  });

  it('keeps #[trigger] and #![trigger] attributes inside their expression', async () => {
    const [requires] = await clausesOf('fn f(s: Seq<int>) requires forall|i: int| #![trigger s[i]] 0 <= i < s.len() ==> #[trigger] g(s[i]) > 0, true {}');
    expect(texts(requires)).toEqual(['forall|i: int| #![trigger s[i]] 0 <= i < s.len() ==> #[trigger] g(s[i]) > 0', 'true']);
  });

  it('gives keyword and clause spans that cover the keyword through the trailing comma', async () => {
    const ir = await parseSnippet('fn f(x: u8)\n    requires\n        x > 0,\n{}');
    const [requires] = functionNamed(ir, 'f').clauses;
    expect(requires?.keyword.text).toBe('requires');
    expect(requires?.span).toMatchObject({ lineStart: 3, columnStart: 5, lineEnd: 4, columnEnd: 15 });
  });
});
