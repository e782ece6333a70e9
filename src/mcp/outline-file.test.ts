import { describe, expect, it } from 'vitest';
import { parseVerusSource } from '../ir/index.js';
import { outlineFile, renderOutline } from './outline-file.js';

const SOURCE = `use vstd::prelude::*;

verus! {

pub struct Counter { pub n: u64 }

impl Counter {
    pub fn bump(&mut self)
        requires old(self).n < 100,
        ensures self.n == old(self).n + 1,
    {
        self.n = self.n + 1;
    }
}

spec fn triangle(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + triangle((n - 1) as nat) }
}

fn count(k: u64) -> (r: u64)
    ensures r == k,
{
    let mut i: u64 = 0;
    while i < k
        invariant i <= k,
        decreases k - i,
    {
        i = i + 1;
    }
    i
}

} // verus!
`;

describe('outlineFile', () => {
  it('lists the items and each function with mode, lines, clauses and loops, leaving empty lists out', async () => {
    const outline = outlineFile(await parseVerusSource(SOURCE, { file: 'src/lib.rs' }), 'crate/src/lib.rs');
    expect(outline.file).toBe('crate/src/lib.rs');
    expect(outline.items).toEqual([{ kind: 'struct', name: 'Counter', lines: '5-5' }, { kind: 'impl', name: expect.stringContaining('Counter'), lines: '7-14' }]);
    expect(outline.functions).toEqual([
      { name: 'Counter::bump', mode: 'exec', lines: '8-13', requires: ['old(self).n < 100'], ensures: ['self.n == old(self).n + 1'] },
      { name: 'triangle', mode: 'spec', lines: '16-20', decreases: ['n'] },
      { name: 'count', mode: 'exec', lines: '22-33', ensures: ['r == k'], loops: [{ kind: 'while', lines: '26-31', invariants: ['i <= k'], decreases: ['k - i'] }] },
    ]);
  });

  it('renders the same facts as compact text: a line per function, its clauses indented, one clause per line when there are several', async () => {
    const outline = outlineFile(await parseVerusSource(SOURCE, { file: 'src/lib.rs' }), 'crate/src/lib.rs');
    outline.functions[0]!.requires = ['old(self).n < 100', 'f(a, b)'];
    expect(renderOutline(outline)).toBe([
      'crate/src/lib.rs (35 lines)',
      '8-13 exec fn Counter::bump',
      '  requires',
      '    old(self).n < 100',
      '    f(a, b)',
      '  ensures self.n == old(self).n + 1',
      '16-20 spec fn triangle',
      '  decreases n',
      '22-33 exec fn count',
      '  ensures r == k',
      '  26-31 while',
      '    invariant i <= k',
      '    decreases k - i',
      '5-5 struct Counter',
      `7-14 impl ${outline.items[1]!.name}`,
    ].join('\n'));
  });
});
