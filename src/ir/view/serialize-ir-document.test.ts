import { describe, expect, it } from 'vitest';
import { IR_DOCUMENT_SCHEMA, serializeIrDocument } from './serialize-ir-document.js';
import { parseSnippet } from '../testing/parse-snippet.js';

describe('serializeIrDocument', () => {
  it('lists every item in preorder with its container, and aggregates loops and asserts with their function', async () => {
    const ir = await parseSnippet(`verus! {
pub struct S { v: u64 }
pub enum E { A, B }
impl S {
    pub fn inc(&mut self) requires old(self).v < 10 ensures self.v == old(self).v + 1 {
        while false invariant true decreases 0nat {}
        self.v = self.v + 1;
        assert(self.v > 0) by (nonlinear_arith) requires self.v > 0;
        proof { lemma(); }
        assume(true);
        assert forall|i: int| i == i by {}
    }
}
mod m { pub open spec fn g() -> int { 1 } }
broadcast use m::g;
pub broadcast group grp { m::g }
assume_specification [ f ] (x: u8) -> u8 ensures true;
spec const C: int = 1;
macro_rules! mac { () => {} }
???
}`);
    const document = serializeIrDocument(ir) as Record<string, unknown>;
    const parsed = JSON.parse(JSON.stringify(document)) as {
      schema: string;
      items: Array<{ kind: string; name: string; mode: string | null; container: { kind: string; name: string } | null } & Record<string, unknown>>;
      loops: Array<Record<string, unknown>>;
      asserts: Array<Record<string, unknown>>;
      proofStatements: Array<Record<string, unknown>>;
      skipped: Array<Record<string, unknown>>;
      summary: Record<string, unknown>;
    };
    expect(parsed.schema).toBe(IR_DOCUMENT_SCHEMA);
    expect(parsed.items.map((item) => [item.kind, item.name, item.mode, item.container?.name ?? null])).toEqual([
      ['struct', 'S', null, null],
      ['enum', 'E', null, null],
      ['impl', 'impl S', null, null],
      ['function', 'inc', 'exec', 'impl S'],
      ['module', 'm', null, null],
      ['function', 'g', 'open spec', 'm'],
      ['broadcast-use', 'm::g', null, null],
      ['broadcast-group', 'grp', null, null],
      ['assume-specification', 'f', null, null],
      ['const', 'C', null, null],
      ['macro', 'mac', null, null],
      ['unknown', '', null, null],
    ]);
    const inc = parsed.items[3] as Record<string, unknown>;
    expect(inc['qualifiedName']).toBe('S::inc');
    expect((inc['requires'] as Array<{ text: string }>).map((entry) => entry.text)).toEqual(['old(self).v < 10']);
    expect((inc['ensures'] as unknown[]).length).toBe(1);
    expect(parsed.items[9]?.['valueMode']).toBe('spec');
    expect(parsed.loops).toMatchObject([{ function: 'S::inc', id: 'S::inc/loop#0', invariants: [{ text: 'true' }], decreases: [{ text: '0nat' }] }]);
    expect(parsed.asserts.map((entry) => [entry['function'], entry['kind']])).toEqual([['S::inc', 'assert'], ['S::inc', 'assert-forall']]);
    expect(parsed.asserts[0]?.['by']).toMatchObject({ kind: 'prover', prover: 'nonlinear_arith', requires: [{ text: 'self.v > 0' }] });
    expect(parsed.proofStatements.map((entry) => entry['kind'])).toEqual(['assert', 'proof-block', 'lemma-call', 'assume', 'assert-forall']);
    expect(parsed.skipped).toMatchObject([{ reason: 'unknown-item', line: 20, column: 1 }]);
    expect(parsed.summary).toMatchObject({ verifiedFunctions: 2, loops: 1, invariants: 1, asserts: 2, skipped: 1 });
  });
});
