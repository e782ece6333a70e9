import { describe, expect, it } from 'vitest';
import { parseVerusSource } from '../../ir/index.js';
import type { Mutant } from '../mutant.js';
import { mapSchemaOffset } from './map-schema-location.js';
import { SCHEMA_SWITCH_MODULE } from './schema-switch-module.js';
import { writeMutantSchema } from './write-mutant-schema.js';

const SOURCE = `use vstd::prelude::*;

verus! {

fn f(x: u64) -> (r: u64)
    requires x < 10,
{
    let y = x + 1;
    let Some(z) = Some(y) else { return 0; };
    g(z);
    z * 2
}

fn g(x: u64) {}

} // verus!
`;

/** A mutant replacing the first `from` after `after` with `to`. */
function mutant(id: string, after: string, from: string, to: string): Mutant {
  const at = SOURCE.indexOf(from, SOURCE.indexOf(after));
  return { id, function: 'f', file: 'src/lib.rs', source: `${SOURCE.slice(0, at)}${to}${SOURCE.slice(at + from.length)}` } as Mutant;
}

describe('writeMutantSchema', () => {
  it('switches a let initializer, a statement and the tail, chains mutants of one place, and appends the switch module to the root', async () => {
    const ir = await parseVerusSource(SOURCE, { file: 'src/lib.rs' });
    const mutants = [mutant('m1', 'let y', '+', '-'), mutant('m2', 'let y', '1', '2'), mutant('m3', 'g(z)', 'g(z);', ''), mutant('m4', 'z * 2', '*', '+')];
    const plan = writeMutantSchema([ir], mutants, new Map([['src/lib.rs', SOURCE]]));
    expect(plan.excluded).toEqual([]);
    const active = (n: number) => `crate::__verus_repair_schema::active(${n})`;
    expect(plan.files.get('src/lib.rs')).toBe(SOURCE
      .replace('let y = x + 1;', `let y = (if ${active(1)} {  x - 1 } else if ${active(2)} {  x + 2 } else {  x + 1 });`)
      .replace('    g(z);\n', `    if ${active(3)} {  } else { g(z); }\n`)
      .replace('    z * 2\n', `    if ${active(4)} { z + 2 } else { z * 2 }\n`) + SCHEMA_SWITCH_MODULE);
    expect(plan.sites.map((site) => [site.mutantId, site.number])).toEqual([['m1', 1], ['m2', 2], ['m3', 3], ['m4', 4]]);
  });

  it('maps a schema offset back to the mutant file: in its branch, after the switches, and nowhere in another branch', async () => {
    const ir = await parseVerusSource(SOURCE, { file: 'src/lib.rs' });
    const mutants = [mutant('m1', 'let y', '+', '-'), mutant('m2', 'z * 2', 'z * 2', 'z * 2 + 100')];
    const plan = writeMutantSchema([ir], mutants, new Map([['src/lib.rs', SOURCE]]));
    const schema = plan.files.get('src/lib.rs')!;
    const switches = plan.switches.get('src/lib.rs')!;
    const m2 = plan.sites.find((site) => site.mutantId === 'm2')!;
    const m2Source = mutants[1]!.source;
    // The `+ 100` of m2's branch is at its place in m2's file.
    expect(mapSchemaOffset(schema.indexOf('+ 100'), m2, switches)).toBe(m2Source.indexOf('+ 100'));
    // `fn g` comes after both switches: the same text in m2's file, shifted by m2's edit.
    expect(mapSchemaOffset(schema.indexOf('fn g'), m2, switches)).toBe(m2Source.indexOf('fn g'));
    // Inside m1's switch there is nothing of m2's file.
    expect(mapSchemaOffset(schema.indexOf('x - 1'), m2, switches)).toBeNull();
  });

  it('leaves out a mutant of a let pattern, which no switch can hold', async () => {
    const ir = await parseVerusSource(SOURCE, { file: 'src/lib.rs' });
    const plan = writeMutantSchema([ir], [mutant('m1', 'let Some', 'Some(z)', 'None')], new Map([['src/lib.rs', SOURCE]]));
    expect(plan.excluded).toEqual([{ mutantId: 'm1', reason: expect.stringContaining('not in a statement') }]);
  });
});
