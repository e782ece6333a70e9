import { describe, expect, it } from 'vitest';
import { checkSpans, functionNamed, parseSnippet, sliceSpanBytes } from '../testing/parse-snippet.js';

describe('loops', () => {
  it('numbers nested loops in preorder with parents, depths and clauses', async () => {
    const ir = await parseSnippet(`fn binary_search(v: &Vec<u64>) {
    let mut i = 0;
    while i < v.len()
        invariant i <= v.len(),
        decreases v.len() - i,
    {
        'inner: loop
            invariant_except_break i < v.len(),
            ensures i < v.len(),
            decreases 1nat,
        {
            for j in iter: 0..i
                invariant j <= i,
            {
                if j > 2 { break 'inner; }
            }
            break;
        }
        i = i + 1;
    }
    for k in 0..3 {}
}`);
    expect(checkSpans(ir)).toEqual([]);
    const loops = functionNamed(ir, 'binary_search').loops;
    expect(loops.map((loop) => [loop.id, loop.kind, loop.parentId, loop.depth, loop.label])).toEqual([
      ['binary_search/loop#0', 'while', null, 0, null],
      ['binary_search/loop#1', 'loop', 'binary_search/loop#0', 1, "'inner"],
      ['binary_search/loop#2', 'for', 'binary_search/loop#1', 2, null],
      ['binary_search/loop#3', 'for', null, 0, null],
    ]);
    expect(loops[0]?.condition?.text).toBe('i < v.len()');
    expect(loops[0]?.clauses.map((clause) => [clause.kind, clause.expressions.map((expression) => expression.text)])).toEqual([
      ['invariant', ['i <= v.len()']],
      ['decreases', ['v.len() - i']],
    ]);
    expect(loops[1]?.clauses.map((clause) => clause.kind)).toEqual(['invariant_except_break', 'ensures', 'decreases']);
    expect(loops[2]?.pattern?.text).toBe('j');
    expect(loops[2]?.iteratorName?.text).toBe('iter');
    expect(loops[2]?.iterator?.text).toBe('0..i');
    expect(loops[3]?.iteratorName).toBeNull();
    expect(sliceSpanBytes(ir, loops[1]?.headerSpan ?? loops[0]!.span)).toBe("'inner: loop");
    expect(sliceSpanBytes(ir, loops[0]!.headerSpan)).toBe('while i < v.len()');
    expect(loops[0]?.body.statements.map((statement) => [statement.kind, sliceSpanBytes(ir, statement.span).split('\n')[0]])).toEqual([
      ['expression', "'inner: loop"],
      ['expression', 'i = i + 1;'],
    ]);
  });

  it('qualifies loop ids of methods and finds loops inside let, closures and match arms', async () => {
    const ir = await parseSnippet(`impl Counter {
    fn run(&mut self) {
        let x = loop { break 1; };
        let f = |n: u8| { while n > 0 { } };
        match self.v { 0 => { for i in 0..2 {} } _ => {} }
    }
}`);
    expect(functionNamed(ir, 'Counter::run').loops.map((loop) => [loop.id, loop.kind])).toEqual([
      ['Counter::run/loop#0', 'loop'],
      ['Counter::run/loop#1', 'while'],
      ['Counter::run/loop#2', 'for'],
    ]);
  });
});

describe('proof statements', () => {
  it('recognizes every assert form, assume, admit, proof blocks, reveals and lemma calls in source order', async () => {
    const ir = await parseSnippet(`proof fn lemma(x: int, y: int) {}
fn f(x: u32, y: u32) {
    assert(x == x);
    assert(x * y >= 0) by (nonlinear_arith) requires x >= 0, y >= 0;
    assert(x & 1 == x % 2) by (bit_vector);
    assert(f(3) == 6) by (compute_only);
    assert(x + 0 == x) by { lemma(x as int, 0); }
    assert(x * y <= x * y) by (nonlinear_arith) requires x <= x { assert(true); }
    assert forall|i: int, j: int| 0 <= i < j implies i < j by { lemma(i, j); }
    assert forall|i: int| i == i by {}
    assume(x > 0);
    proof {
        lemma(1, 2);
        Seq::<u8>::lemma_empty();
        s.lemma_len::<u8>(3);
        reveal(f);
        reveal_with_fuel(g, 3);
        admit();
    }
    while x > 0 invariant x >= 0 { proof { assert(x > 0); } }
}`);
    expect(checkSpans(ir)).toEqual([]);
    const statements = functionNamed(ir, 'f').proofStatements;
    const rows = statements.map((statement) => {
      switch (statement.kind) {
        case 'assert':
          return [statement.kind, statement.expression.text, statement.proof === null ? null : statement.proof.kind === 'block' ? 'block' : `${statement.proof.prover}/${statement.proof.requires?.expressions.length ?? 0}/${statement.proof.block === null ? 'no block' : 'block'}`, statement.inProofContext];
        case 'assert-forall':
          return [statement.kind, `${statement.binders.text} | ${statement.expression.text} | ${statement.implies?.text ?? '-'}`, statement.block === null ? null : 'block', statement.inProofContext];
        case 'lemma-call':
          return [statement.kind, statement.callee, statement.arguments.text, statement.inProofContext];
        case 'reveal':
          return [statement.kind, statement.macro, statement.arguments.text, statement.inProofContext];
        case 'assume':
          return [statement.kind, statement.expression.text, null, statement.inProofContext];
        default:
          return [statement.kind, statement.loopId, null, statement.inProofContext];
      }
    });
    expect(rows).toEqual([
      ['assert', 'x == x', null, false],
      ['assert', 'x * y >= 0', 'nonlinear_arith/2/no block', false],
      ['assert', 'x & 1 == x % 2', 'bit_vector/0/no block', false],
      ['assert', 'f(3) == 6', 'compute_only/0/no block', false],
      ['assert', 'x + 0 == x', 'block', false],
      ['lemma-call', 'lemma', 'x as int, 0', true],
      ['assert', 'x * y <= x * y', 'nonlinear_arith/1/block', false],
      ['assert', 'true', null, true],
      ['assert-forall', 'i: int, j: int | 0 <= i < j | i < j', 'block', false],
      ['lemma-call', 'lemma', 'i, j', true],
      ['assert-forall', 'i: int | i == i | -', 'block', false],
      ['assume', 'x > 0', null, false],
      ['proof-block', null, null, false],
      ['lemma-call', 'lemma', '1, 2', true],
      ['lemma-call', 'Seq::<u8>::lemma_empty', '', true],
      ['lemma-call', 's.lemma_len::<u8>', '3', true],
      ['reveal', 'reveal', 'f', true],
      ['reveal', 'reveal_with_fuel', 'g, 3', true],
      ['admit', null, null, true],
      ['proof-block', 'f/loop#0', null, false],
      ['assert', 'x > 0', null, true],
    ]);
    expect(statements[statements.length - 1]?.loopId).toBe('f/loop#0');
    expect(sliceSpanBytes(ir, statements[1]!.span)).toBe('assert(x * y >= 0) by (nonlinear_arith) requires x >= 0, y >= 0;');
  });

  it('treats calls in proof function bodies as lemma calls but not in exec code', async () => {
    const ir = await parseSnippet(`proof fn p(n: nat) decreases n { if n > 0 { p((n - 1) as nat); } helper(); Some(3); }
fn e() { helper(); }`);
    expect(functionNamed(ir, 'p').proofStatements.map((statement) => statement.kind === 'lemma-call' ? statement.callee : statement.kind)).toEqual(['p', 'helper']);
    expect(functionNamed(ir, 'e').proofStatements).toEqual([]);
  });

  it('lists the top-level statements of a body, ending block-like statements at their block', async () => {
    const ir = await parseSnippet(`fn f(x: u8) -> u8 {
    let a = if x > 0 { 1 } else { 2 };
    if a > 1 { a; } else if a > 0 { a; } else { a; }
    match x { 0 => {}, _ => {} }
    assert(a > 0) by { }
    unsafe { }
    #[verifier::loop_isolation(false)]
    while false {}
    let Some(b) = Some(a) else { return 0 };
    proof { }
    foo! { x }
    fn inner() {}
    a + b
}`);
    const statements = functionNamed(ir, 'f').body?.statements ?? [];
    expect(statements.map((statement) => [statement.kind, statement.hasSemicolon, sliceSpanBytes(ir, statement.span).split('\n')[0]])).toEqual([
      ['let', true, 'let a = if x > 0 { 1 } else { 2 };'],
      ['expression', false, 'if a > 1 { a; } else if a > 0 { a; } else { a; }'],
      ['expression', false, 'match x { 0 => {}, _ => {} }'],
      ['expression', false, 'assert(a > 0) by { }'],
      ['expression', false, 'unsafe { }'],
      ['expression', false, '#[verifier::loop_isolation(false)]'],
      ['let', true, 'let Some(b) = Some(a) else { return 0 };'],
      ['expression', false, 'proof { }'],
      ['expression', false, 'foo! { x }'],
      ['item', false, 'fn inner() {}'],
      ['expression', false, 'a + b'],
    ]);
  });
});
