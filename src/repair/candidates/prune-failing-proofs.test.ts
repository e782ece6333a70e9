import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../core/diagnostic.js';
import { parseVerusSource } from '../../ir/index.js';
import { pruneFailingAddedProofs } from './prune-failing-proofs.js';

const ORIGINAL = `verus! {
fn count(n: u32) -> (r: u32)
    ensures r == n,
{
    let mut i: u32 = 0;
    while i < n
        invariant
            i <= n,
        decreases n - i,
    {
        i = i + 1;
    }
    i
}
}
`;

const CANDIDATE = ORIGINAL.replace('            i <= n,\n', '            i <= n,\n            i < 100,\n            i >= 0,\n').replace('    i\n}', '    assert(i == n);\n    assert(i < 7);\n    i\n}');

function errorAt(source: string, text: string, kind: Diagnostic['kind']): Diagnostic {
  const index = source.indexOf(text);
  const line = source.slice(0, index).split('\n').length;
  const column = index - source.lastIndexOf('\n', index - 1);
  return {
    kind, message: kind, severity: 'error', code: null, origin: 'verus', secondary: [], notes: [], expansion: null, function: null, location: null,
    primary: { file: 'src/lib.rs', line, column, lineEnd: line, columnEnd: column + text.length, byteStart: index, byteEnd: index + text.length, label: null, sourceText: null },
  };
}

describe('pruneFailingAddedProofs', () => {
  it('removes added invariants and asserts that fail, keeping the layout', async () => {
    const original = await parseVerusSource(ORIGINAL, { file: 'src/lib.rs' });
    const candidate = await parseVerusSource(CANDIDATE, { file: 'src/lib.rs' });
    const pruned = pruneFailingAddedProofs(original, candidate, [
      errorAt(CANDIDATE, 'i < 100', 'invariant-end-of-loop-body'),
      errorAt(CANDIDATE, 'assert(i < 7)', 'assertion'),
    ]);
    expect(pruned?.removed).toEqual(['count/loop#0 invariant i < 100', 'count assert(i < 7)']);
    expect(pruned?.source).toBe(ORIGINAL.replace('            i <= n,\n', '            i <= n,\n            i >= 0,\n').replace('    i\n}', '    assert(i == n);\n    i\n}'));
    await expect(parseVerusSource(pruned?.source ?? '', { file: 'src/lib.rs' })).resolves.toBeDefined();
  });

  it('does not prune when an error is on the original proof or elsewhere', async () => {
    const original = await parseVerusSource(ORIGINAL, { file: 'src/lib.rs' });
    const candidate = await parseVerusSource(CANDIDATE, { file: 'src/lib.rs' });
    expect(pruneFailingAddedProofs(original, candidate, [errorAt(CANDIDATE, 'i <= n', 'invariant-before-loop')])).toBeNull();
    expect(pruneFailingAddedProofs(original, candidate, [errorAt(CANDIDATE, 'r == n', 'postcondition')])).toBeNull();
    expect(pruneFailingAddedProofs(original, candidate, [])).toBeNull();
  });

  it('removes a whole clause when its only expression fails, and a last expression', async () => {
    const bare = ORIGINAL.replace('        invariant\n            i <= n,\n', '');
    const added = bare.replace('        decreases n - i,\n', '        invariant i < 50,\n        decreases n - i,\n');
    const wholeClause = pruneFailingAddedProofs(await parseVerusSource(bare, { file: 'src/lib.rs' }), await parseVerusSource(added, { file: 'src/lib.rs' }), [errorAt(added, 'i < 50', 'invariant-before-loop')]);
    expect(wholeClause?.source).toBe(bare);
    const last = ORIGINAL.replace('            i <= n,\n', '            i <= n,\n            i < 50\n');
    const pruned = pruneFailingAddedProofs(await parseVerusSource(ORIGINAL, { file: 'src/lib.rs' }), await parseVerusSource(last, { file: 'src/lib.rs' }), [errorAt(last, 'i < 50', 'invariant-end-of-loop-body')]);
    expect(pruned?.source).toBe(ORIGINAL);
  });
});
