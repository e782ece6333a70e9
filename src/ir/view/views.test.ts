import { describe, expect, it } from 'vitest';
import { createGhostStrippedView } from './create-ghost-stripped-view.js';
import { createSpecView } from './create-spec-view.js';
import { functionNamed, parseSnippet } from '../testing/parse-snippet.js';

const ORIGINAL = `fn sum(v: &Vec<u32>, tracked t: Tracked<Perm>, n: usize) -> (r: u64)
    requires v.len() == n, n < 100,
    ensures r <= 100 * n,
{
    let mut s: u64 = 0;
    let mut i: usize = 0;
    while i < n
        invariant i <= n, s <= 100 * i,
        decreases n - i,
    {
        assert(s <= 100 * i);
        proof { lemma_bound(i); }
        let ghost old_s = s;
        s = s + v[i] as u64;
        i = i + 1;
    }
    s
}`;

/** The same function reformatted, commented, and with every proof part changed. */
const PROOF_CHANGED = `fn sum(
    v: &Vec<u32>, // the input
    tracked t: Tracked<Perm>,
    n: usize,
) -> (result: u64)
    requires
        v.len() == n,
        n < 100,
    ensures
        result <= 100 * n,
{
    let mut s: u64 = 0;
    let mut i: usize = 0;
    #[verifier::loop_isolation(false)]
    while i < n
        invariant
            i <= n,
            s <= 100 * i,
            forall|k: int| 0 <= k < i ==> #[trigger] v[k] >= 0,
        decreases n - i,
    {
        assert(s + 100 <= 100 * (i + 1)) by (nonlinear_arith) requires s <= 100 * i;
        let tracked p = t;
        /* a comment */ s = s + v[i] as u64;
        i = i + 1;
        assume(false);
    }
    s
}`;

async function viewsOf(code: string, name = 'sum') {
  const ir = await parseSnippet(code);
  const fn = functionNamed(ir, name);
  return { exec: createGhostStrippedView(ir, fn), spec: createSpecView(ir, fn) };
}

describe('ghost-stripped view', () => {
  it('keeps exactly the executable tokens', async () => {
    const { exec } = await viewsOf(ORIGINAL);
    expect(exec.text).toBe(
      'fn sum ( v : & Vec < u32 > , n : usize ) -> u64 { let mut s : u64 = 0 ; let mut i : usize = 0 ; while i < n { s = s + v [ i ] as u64 ; i = i + 1 ; } s }',
    );
  });

  it('ignores layout, comments, trailing commas and every spec or proof change', async () => {
    const original = await viewsOf(ORIGINAL);
    const changed = await viewsOf(PROOF_CHANGED);
    expect(changed.exec.text).toBe(original.exec.text);
  });

  it('changes when any executable token changes', async () => {
    const original = await viewsOf(ORIGINAL);
    for (const [from, to] of [['s = s + v[i] as u64', 's = s + v[i] as u64 + 1'], ['i = i + 1', 'i = i + 2'], ['-> (r: u64)', '-> (r: u32)'], ['n: usize)', 'm: usize)']]) {
      const mutated = await viewsOf(ORIGINAL.replace(from ?? '', to ?? ''));
      expect(mutated.exec.text, `${from} -> ${to}`).not.toBe(original.exec.text);
    }
  });

  it('keeps a one-element tuple distinct from a parenthesized expression', async () => {
    const tuple = await viewsOf('fn f() -> (u8,) { (1,) }', 'f');
    const parenthesized = await viewsOf('fn f() -> (u8,) { (1) }', 'f');
    expect(tuple.exec.text).not.toBe(parenthesized.exec.text);
  });

  it('drops the clauses of closures but keeps their code', async () => {
    const withClauses = await viewsOf('fn f() { let g = |x: u8| -> (r: u8) requires x < 10 ensures r > x { x + 1 }; g(1); }', 'f');
    const without = await viewsOf('fn f() { let g = |x: u8| -> (r: u8) { x + 1 }; g(1); }', 'f');
    expect(withClauses.exec.text).toBe(without.exec.text);
    expect(withClauses.exec.text).toContain('{ x + 1 }');
  });

  it('is empty for spec and proof functions', async () => {
    const { exec } = await viewsOf('proof fn sum() { assert(true); }');
    expect(exec.text).toBe('');
  });
});

describe('spec view', () => {
  it('lists signature, attributes and clauses canonically, and the body of spec functions only', async () => {
    const ir = await parseSnippet(`#[verifier::opaque]
pub open spec fn double(x: int) -> int
    recommends x >= 0,
{
    // twice
    x * 2
}
proof fn lemma(x: int) ensures double(x) == x + x, x ==> x, { reveal(double); }`);
    const spec = createSpecView(ir, functionNamed(ir, 'double'));
    expect(spec).toMatchObject({
      mode: 'open spec',
      signature: 'open spec fn double ( x : int ) -> int',
      attributes: ['# [ verifier :: opaque ]'],
      clauses: [{ kind: 'recommends', expressions: ['x >= 0'] }],
      body: '{ x * 2 }',
    });
    const lemma = createSpecView(ir, functionNamed(ir, 'lemma'));
    expect(lemma.body).toBeNull();
    expect(lemma.clauses).toEqual([{ kind: 'ensures', expressions: ['double ( x ) == x + x', 'x ==> x'] }]);
  });

  it('is unchanged by layout, comments and proof edits but changed by spec edits', async () => {
    const original = await viewsOf(ORIGINAL);
    const reformatted = await viewsOf(ORIGINAL.replace('requires v.len() == n, n < 100,', 'requires\n        v.len() == n, // why\n        n < 100').replace('assert(s <= 100 * i);', ''));
    expect(reformatted.spec.text).toBe(original.spec.text);
    for (const [from, to] of [['n < 100', 'n < 101'], ['r <= 100 * n', 'r <= 100 * n + 1'], ['r <= 100 * n,', 'r <= 100 * n, r >= 0,'], ['tracked t', 'ghost t']]) {
      const mutated = await viewsOf(ORIGINAL.replace(from ?? '', to ?? ''));
      expect(mutated.spec.text, `${from} -> ${to}`).not.toBe(original.spec.text);
    }
  });

  it('distinguishes Verus operators from their split pieces', async () => {
    const implies = await viewsOf('proof fn p(a: bool, b: bool) ensures a ==> b {}', 'p');
    const comparison = await viewsOf('proof fn p(a: bool, b: bool) ensures a == > b {}', 'p');
    expect(implies.spec.clauses[0]?.expressions).toEqual(['a ==> b']);
    expect(comparison.spec.clauses[0]?.expressions).toEqual(['a == > b']);
    const extensional = await viewsOf('proof fn p(a: Seq<u8>, b: Seq<u8>) ensures a =~= b, &&& a.len() == 0 &&& true {}', 'p');
    expect(extensional.spec.clauses[0]?.expressions).toEqual(['a =~= b', '&&& a . len ( ) == 0 &&& true']);
  });
});
