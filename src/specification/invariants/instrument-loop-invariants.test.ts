import { describe, expect, it } from 'vitest';
import { parseVerusSource } from '../../ir/index.js';
import { instrumentLoopInvariants } from './instrument-loop-invariants.js';

const ORIGINAL = `use vstd::prelude::*;
verus! {
pub fn total(v: &Vec<u32>, cap: u32) -> (r: u32)
    requires v.len() < 10,
{
    let mut s: u32 = 0;
    let mut k: usize = 0;
    let guess = 3;
    while k < v.len()
        invariant
            k <= v.len(),
        decreases v.len() - k,
    {
        if v[k] < cap { s = s + 0; }
        k = k + 1
    }
    s
}
}
`;

async function instrument(invariants: string[]) {
  const candidate = ORIGINAL.replace('            k <= v.len(),\n', ['            k <= v.len(),', ...invariants.map((text) => `            ${text},`)].join('\n') + '\n');
  const original = await parseVerusSource(ORIGINAL, { file: 'src/lib.rs' });
  return instrumentLoopInvariants(original, await parseVerusSource(candidate, { file: 'src/lib.rs' }), ['total'], new Map());
}

describe('instrumentLoopInvariants', () => {
  it('checks only the added invariants, over the typed variables they read, on entry and at the end of the body', async () => {
    const result = await instrument(['s <= cap', 'k <= v.len()']);
    expect(result.probes).toHaveLength(1);
    expect(result.probes[0]).toMatchObject({ function: 'total', loopId: 'total/loop#0', clauses: [{ id: 'vr_inv_0_0', text: 's <= cap' }] });
    expect(result.probes[0]!.variables.map((variable) => [variable.name, variable.argument])).toEqual([['cap', 'value'], ['s', 'value']]);
    const call = 'crate::verus_repair_spec_check::vr_probe_0(vr_iteration_0, cap, s);';
    expect(result.source).toContain(`let mut vr_iteration_0: usize = 0; ${call} while k < v.len()`);
    // The body's tail `k = k + 1` had no semicolon: one is added before the check.
    expect(result.source).toContain(`k = k + 1\n    ; vr_iteration_0 += 1; ${call} }`);
    expect(result.untested).toEqual([]);
  });

  it('passes an invariant over an untyped local or with old(..) through untested, with the reason', async () => {
    const result = await instrument(['guess > 0', 'old(v).len() == v.len()', 'forall|i: int| 0 <= i < k ==> v@[i] <= cap']);
    expect(result.untested.map((entry) => [entry.text, entry.reason])).toEqual([
      ['guess > 0', expect.stringContaining('reads guess, declared without a type')],
      ['old(v).len() == v.len()', expect.stringContaining('old(..)')],
    ]);
    expect(result.probes[0]?.clauses.map((clause) => clause.text)).toEqual(['forall|i: int| 0 <= i < k ==> v@[i] <= cap']);
    expect(result.probes[0]?.variables.map((variable) => [variable.name, variable.argument])).toEqual([['v', 'slice'], ['cap', 'value'], ['k', 'value']]);
  });

  it('leaves the source unchanged when the candidate adds no invariant', async () => {
    const result = await instrument([]);
    expect(result).toEqual({ source: ORIGINAL, probes: [], untested: [] });
  });
});
