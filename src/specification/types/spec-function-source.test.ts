import { describe, expect, it } from 'vitest';
import { parseSnippet } from '../../ir/testing/parse-snippet.js';
import { collectSpecFunctions } from './spec-function-source.js';

const SOURCE = `
pub struct Counter {
    /// How many so far (a doc comment inside the field list).
    count: u32,
    // the bound
    limit: u32,
}
impl Counter {
    pub open spec fn room(&self) -> int { self.limit - self.count }
}
#[verifier::external_body]
pub open spec fn opaque_value(x: u64) -> u64 { x }
pub open spec fn halve(n: nat) -> nat
    decreases n when n % 2 == 0
{ if n == 0 { 0 } else { halve((n / 2) as nat) } }
pub mod a {
    pub open spec fn twin(x: u32) -> bool { x > 0 }
}
pub mod b {
    pub open spec fn twin(x: u32) -> bool { x > 1 }
}
`;

describe('collectSpecFunctions', () => {
  it('copies a spec fn of an impl as a free spec fn over the mirror of its struct, with doc comments among the fields', async () => {
    const found = collectSpecFunctions([await parseSnippet(SOURCE, 'src/lib.rs')]);
    expect(found.get('struct Counter')?.source).toEqual({ ok: true, text: 'pub struct Counter {\n    pub count: u32,\n    pub limit: u32,\n}' });
    expect(found.get('Counter::room')).toMatchObject({ source: { ok: true, text: expect.stringContaining('spec fn vr_counter_room(vr_self: Counter) -> i128 {') }, calls: ['struct Counter'] });
  });

  it('refuses what Verus leaves unspecified and what a name cannot pick out, with the reason', async () => {
    const found = collectSpecFunctions([await parseSnippet(SOURCE, 'src/lib.rs')]);
    expect(found.get('opaque_value')?.source).toMatchObject({ ok: false, reason: expect.stringContaining('external_body, so Verus leaves its value unspecified') });
    expect(found.get('halve')?.source).toMatchObject({ ok: false, reason: expect.stringContaining('when condition') });
    expect(found.get('twin')?.source).toMatchObject({ ok: false, reason: 'two spec fns are named twin; a clause names a spec fn by its name only' });
  });
});
