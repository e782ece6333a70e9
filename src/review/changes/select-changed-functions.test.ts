import { describe, expect, it } from 'vitest';
import { renderChangeSelection } from './render-change-selection.js';
import { selectChangedFunctions } from './select-changed-functions.js';

const wrap = (items: string) => `use vstd::prelude::*;\n\nverus! {\n${items}\n} // verus!\n`;
const SPEC = 'pub open spec fn bound(x: u64) -> bool { x < 100 }\n';
const CLAMP = 'pub fn clamp(x: u64) -> (r: u64)\n    ensures bound(r) || r == x,\n{\n    if x < 100 { x } else { 99 }\n}\n';
const DOUBLE = 'pub fn double(x: u64) -> (r: u64)\n    requires x < 1000,\n    ensures r == 2 * x,\n{\n    x + x\n}\n';
const LEMMA = 'proof fn lemma_ok(x: u64)\n    ensures x + 0 == x,\n{\n}\n';
const BASE = wrap([SPEC, CLAMP, DOUBLE, LEMMA].join('\n'));

describe('selectChangedFunctions', () => {
  it('selects an exec function whose code changed, not one moved down a line or changed only in comments and proof', async () => {
    const after = wrap(['\n' + SPEC, CLAMP.replace('{ 99 }', '{ 100 }'), DOUBLE.replace('x + x', 'x + x // sum'), LEMMA.replace('{\n}', '{\n    assert(x + 0 == x);\n}')].join('\n'));
    const selection = await selectChangedFunctions('HEAD~1', [{ file: 'src/lib.rs', before: BASE, after }]);
    expect(selection.functions).toEqual([{ file: 'src/lib.rs', function: 'clamp', reasons: [{ kind: 'exec-changed' }] }]);
    expect(selection.changedFiles).toEqual(['src/lib.rs']);
  });

  it('selects the users of a changed spec fn, in other files too, and notes deleted functions', async () => {
    const user = wrap('pub fn cap(x: u64) -> (r: u64)\n    ensures bound(r),\n{\n    0\n}\n');
    const after = wrap([SPEC.replace('x < 100', 'x < 50'), CLAMP].join('\n'));
    const selection = await selectChangedFunctions('main', [
      { file: 'src/lib.rs', before: BASE, after },
      { file: 'src/user.rs', before: user, after: user },
      { file: 'src/added.rs', before: null, after: wrap(DOUBLE) },
    ]);
    expect(selection.functions).toEqual([
      { file: 'src/added.rs', function: 'double', reasons: [{ kind: 'file-added' }] },
      { file: 'src/lib.rs', function: 'clamp', reasons: [{ kind: 'uses-changed-spec-fn', specFunctions: ['bound'] }] },
      { file: 'src/user.rs', function: 'cap', reasons: [{ kind: 'uses-changed-spec-fn', specFunctions: ['bound'] }] },
    ]);
    expect(selection.deleted).toEqual([{ file: 'src/lib.rs', function: 'double', mode: 'exec' }, { file: 'src/lib.rs', function: 'lemma_ok', mode: 'proof' }]);
    expect(renderChangeSelection(selection)).toBe(
      [
        'reviewing 3 function(s) changed since main:',
        '  src/added.rs double (file added)',
        '  src/lib.rs clamp (uses changed spec fn bound)',
        '  src/user.rs cap (uses changed spec fn bound)',
        'deleted since main: src/lib.rs double (exec fn)',
        'deleted since main: src/lib.rs lemma_ok (proof fn)',
        '',
      ].join('\n'),
    );
  });

  it('follows a spec fn through another spec fn, and says when nothing changed', async () => {
    const chained = (limit: number) => wrap(['pub open spec fn small(x: u64) -> bool { x < ' + limit + ' }\n', 'pub open spec fn bound(x: u64) -> bool { small(x) }\n', CLAMP].join('\n'));
    const selection = await selectChangedFunctions('v1', [{ file: 'src/lib.rs', before: chained(100), after: chained(10) }]);
    expect(selection.functions).toEqual([{ file: 'src/lib.rs', function: 'clamp', reasons: [{ kind: 'uses-changed-spec-fn', specFunctions: ['bound'] }] }]);
    const none = await selectChangedFunctions('HEAD', [{ file: 'src/lib.rs', before: BASE, after: BASE }]);
    expect(renderChangeSelection(none)).toBe('nothing to review: no exec code or spec of an exec function changed since HEAD\n');
  });

  it('a spec change and an exec change of one function give both reasons', async () => {
    const after = wrap([SPEC, CLAMP, DOUBLE.replace('x < 1000', 'x < 500').replace('x + x', '2 * x'), LEMMA].join('\n'));
    const selection = await selectChangedFunctions('HEAD~1', [{ file: 'src/lib.rs', before: BASE, after }]);
    expect(selection.functions).toEqual([{ file: 'src/lib.rs', function: 'double', reasons: [{ kind: 'exec-changed' }, { kind: 'spec-changed' }] }]);
  });
});
