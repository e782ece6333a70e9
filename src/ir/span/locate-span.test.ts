import { describe, expect, it } from 'vitest';
import { locateSpan } from './locate-span.js';
import { parseSnippet } from '../testing/parse-snippet.js';
import type { VerusFileIr } from '../verus-file-ir.js';

const CODE = `// é ✓ 😀 before every span
fn binary_search(v: &Vec<u64>, k: u64) -> (r: usize)
    requires
        v.len() > 0, // « requis »
        forall|i: int, j: int| 0 <= i <= j < v.len() ==> v[i] <= v[j],
    ensures r < v.len(),
{
    let mut i = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            forall|m: int| 0 <= m < i ==> v[m] != k,
    {
        proof { assert(i < v.len()); }
        i = i + 1;
    }
    0
}`;

function byteRangeOf(ir: VerusFileIr, fragment: string): { byteStart: number; byteEnd: number } {
  const index = ir.source.text.indexOf(fragment);
  if (index === -1) throw new Error(`fragment not found: ${fragment}`);
  return { byteStart: ir.source.byteOffsetAt(index), byteEnd: ir.source.byteOffsetAt(index + fragment.length) };
}

describe('locateSpan', () => {
  it('maps a byte range inside a loop invariant to the function, loop, clause and expression', async () => {
    const ir = await parseSnippet(CODE);
    const location = locateSpan(ir, byteRangeOf(ir, 'v[m] != k'));
    expect(location.function?.qualifiedName).toBe('binary_search');
    expect(location.loop?.id).toBe('binary_search/loop#0');
    expect(location.clause).toMatchObject({ kind: 'invariant', index: 1, loopId: 'binary_search/loop#0' });
    expect(location.clause?.expression?.text).toBe('forall|m: int| 0 <= m < i ==> v[m] != k');
    expect(location.proofStatement).toBeNull();
  });

  it('maps a function clause span given only as lines and columns (human-rendered output)', async () => {
    const ir = await parseSnippet(CODE);
    // `forall|i: int, j: int| ...` is on line 6 of the wrapped snippet, at column 9.
    const location = locateSpan(ir, { lineStart: 6, columnStart: 9, lineEnd: 6, columnEnd: 15 });
    expect(location.function?.name).toBe('binary_search');
    expect(location.loop).toBeNull();
    expect(location.clause).toMatchObject({ kind: 'requires', index: 1, loopId: null });
    const first = locateSpan(ir, { lineStart: 5, columnStart: 9 });
    expect(first.clause).toMatchObject({ kind: 'requires', index: 0 });
  });

  it('maps an assertion to its proof statement and the statement of the innermost listed block', async () => {
    const ir = await parseSnippet(CODE);
    const location = locateSpan(ir, byteRangeOf(ir, 'assert(i < v.len())'));
    expect(location.proofStatement?.kind).toBe('assert');
    expect(location.loop?.id).toBe('binary_search/loop#0');
    expect(location.statement).toMatchObject({ blockOf: 'proof-block', loopId: 'binary_search/loop#0' });
    expect(location.statement?.statement.index).toBe(0);
    const increment = locateSpan(ir, byteRangeOf(ir, 'i = i + 1'));
    expect(increment.statement).toMatchObject({ blockOf: 'loop' });
    expect(increment.statement?.statement.index).toBe(1);
    expect(increment.clause).toBeNull();
  });

  it('maps a span in a clause but between expressions to the clause with no expression', async () => {
    const ir = await parseSnippet(CODE);
    const keyword = byteRangeOf(ir, 'requires');
    const location = locateSpan(ir, keyword);
    expect(location.clause).toMatchObject({ kind: 'requires', index: null, expression: null });
  });

  it('returns nulls outside every function', async () => {
    const ir = await parseSnippet(CODE);
    const location = locateSpan(ir, { byteStart: 0, byteEnd: 2 });
    expect(location).toMatchObject({ function: null, loop: null, clause: null, proofStatement: null, statement: null });
  });
});
