import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../core/diagnostic.js';
import { parseVerusSource } from '../ir/index.js';
import { mapDiagnosticsToIr } from './map-diagnostics-to-ir.js';

// A source with non-ASCII text before the failing clause, so byte and column positions differ.
const SOURCE = `use vstd::prelude::*;
verus! {
// résumé ✓
fn find(v: &Vec<u64>, k: u64) -> (r: usize)
    requires v.len() < 100,
    ensures r <= v.len(),
{
    let mut i = 0;
    while i < v.len()
        invariant i <= v.len(), forall|j: int| 0 <= j < i ==> v[j] != k,
        decreases v.len() - i,
    {
        if v[i] == k { return i; }
        i = i + 1;
    }
    i
}
}
`;

function diagnostic(span: { line: number; column: number; columnEnd: number; byteStart: number | null; label?: string }): Diagnostic {
  return {
    kind: 'invariant-end-of-loop-body', message: 'invariant not satisfied at end of loop body', severity: 'error', code: null, origin: 'verus',
    primary: { file: '/tmp/verus-repair-xyz/src/lib.rs', line: span.line, column: span.column, lineEnd: span.line, columnEnd: span.columnEnd,
      byteStart: span.byteStart, byteEnd: span.byteStart === null ? null : span.byteStart + (span.columnEnd - span.column), label: span.label ?? null, sourceText: null },
    secondary: [], notes: [], expansion: null, function: null, location: null,
  };
}

describe('mapDiagnosticsToIr', () => {
  it('maps byte spans and line/column spans onto the loop clause expression', async () => {
    const ir = await parseVerusSource(SOURCE, { file: 'src/lib.rs' });
    const column = 33; // `forall|j: int| ...` on line 10
    const byteStart = Buffer.byteLength(SOURCE.split('\n').slice(0, 9).join('\n') + '\n') + column - 1;
    const fromBytes = mapDiagnosticsToIr([diagnostic({ line: 10, column, columnEnd: column + 6, byteStart })], new Map([['src/lib.rs', ir]]));
    const fromLines = mapDiagnosticsToIr([diagnostic({ line: 10, column, columnEnd: column + 6, byteStart: null })], new Map([['src/lib.rs', ir]]));
    for (const [mapped] of [fromBytes, fromLines]) {
      expect(mapped?.function).toBe('find');
      expect(mapped?.location).toEqual({ function: 'find', loopId: 'find/loop#0', clause: { kind: 'invariant', index: 1, text: 'forall|j: int| 0 <= j < i ==> v[j] != k' } });
    }
  });

  it('leaves diagnostics in other files unmapped', async () => {
    const ir = await parseVerusSource(SOURCE, { file: 'src/lib.rs' });
    const [mapped] = mapDiagnosticsToIr([{ ...diagnostic({ line: 5, column: 1, columnEnd: 2, byteStart: null }), primary: null }], new Map([['src/lib.rs', ir]]));
    expect(mapped?.location).toBeNull();
  });
});
