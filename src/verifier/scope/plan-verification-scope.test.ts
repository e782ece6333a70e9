import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planVerificationScope } from './plan-verification-scope.js';

/** Synthetic; see test/fixtures/scope/README.md. */
const LIB = readFileSync(new URL('../../../test/fixtures/scope/nested-modules.rs', import.meta.url), 'utf8');

const files = (lib: string, extra: Record<string, string> = {}): Map<string, Uint8Array> =>
  new Map(Object.entries({ 'Cargo.toml': '[package]\nname = "demo"\n', 'src/lib.rs': lib, ...extra }).map(([name, text]) => [name, new TextEncoder().encode(text)]));

const plan = (candidate: string, options: { file?: string; original?: Map<string, Uint8Array>; policy?: 'focused' | 'crate' } = {}) =>
  planVerificationScope({ originalFiles: options.original ?? files(LIB), file: options.file ?? 'src/lib.rs', candidate, policy: options.policy ?? 'focused' });

describe('planVerificationScope', () => {
  it('focuses one changed body on its function in the crate root', async () => {
    const result = await plan(LIB.replace('    x + 1\n', '    assert(x < 100);\n    x + 1\n'));
    expect(result).toEqual({ kind: 'focused', functions: ['add_one'], selections: [{ module: null, function: 'add_one', covers: ['add_one'] }] });
  });

  it('names a method in an impl inside a nested module by its module path and Type::method', async () => {
    const result = await plan(LIB.replace('                self.items.pop()', '                assert(true);\n                self.items.pop()'));
    expect(result).toEqual({ kind: 'focused', functions: ['outer::inner::Stack::pop'], selections: [{ module: 'outer::inner', function: 'Stack::pop', covers: ['outer::inner::Stack::pop'] }] });
  });

  it('verifies a whole module when several of its functions changed, one invocation per module', async () => {
    const result = await plan(LIB.replace('    x + 1\n', '    assert(x < 100);\n    x + 1\n').replace('    x + 2\n', '    assert(x < 100);\n    x + 2\n').replace('                self.items.len()', '                assert(true);\n                self.items.len()'));
    expect(result.kind).toBe('focused');
    expect(result.kind === 'focused' ? result.selections : []).toEqual([
      { module: null, function: null, covers: ['add_one', 'add_two'] },
      { module: 'outer::inner', function: 'Stack::size', covers: ['outer::inner::Stack::size'] },
    ]);
  });

  it('includes a new lemma in the focus', async () => {
    const result = await plan(LIB.replace('pub fn add_one', 'proof fn lemma_new(x: int) ensures x + 0 == x {}\n\npub fn add_one').replace('    x + 1\n', '    proof { lemma_new(x as int); }\n    x + 1\n'));
    expect(result).toMatchObject({ kind: 'focused', functions: ['add_one', 'lemma_new'] });
    expect(result.kind === 'focused' ? result.selections : []).toEqual([{ module: null, function: null, covers: ['add_one', 'lemma_new'] }]);
  });

  it('falls back to the crate for a new broadcast use, a new broadcast lemma, a revealed spec, or changed clauses', async () => {
    const broadcastUse = await plan(LIB.replace('pub fn add_one', 'broadcast use vstd::seq_lib::group_seq_properties;\n\npub fn add_one'));
    expect(broadcastUse).toMatchObject({ kind: 'crate', reason: expect.stringMatching(/module-level proof context.*outside function bodies/) });
    const broadcastLemma = await plan(LIB.replace('pub fn add_one', 'broadcast proof fn lemma_b(x: int) ensures #[trigger] double(x) == x + x {}\n\npub fn add_one'));
    expect(broadcastLemma).toMatchObject({ kind: 'crate', reason: expect.stringContaining('new broadcast lemma lemma_b') });
    const reveal = await plan(LIB.replace('    x + 1\n', '    proof { reveal(double); }\n    x + 1\n'));
    expect(reveal).toMatchObject({ kind: 'crate', reason: expect.stringContaining('reveal added in add_one'), functions: ['add_one'] });
    const clauses = await plan(LIB.replace('ensures r == x + 1,', 'ensures r == x + 1, r > x,'));
    expect(clauses).toMatchObject({ kind: 'crate', reason: expect.stringContaining('clauses of add_one changed') });
  });

  it('falls back when the name would match several functions, when nothing changed, or when asked to', async () => {
    const twoImpls = LIB.replace('        pub fn pop(v: &mut Vec<u64>)', '        impl Clone for Stack { fn clone(&self) -> Self { Stack { items: self.items.clone() } } }\n        pub fn pop(v: &mut Vec<u64>)');
    const cloned = await plan(twoImpls.replace('Stack { items: self.items.clone() }', 'Stack { items: { let c = self.items.clone(); c } }'), { original: files(twoImpls) });
    expect(cloned).toMatchObject({ kind: 'focused', selections: [{ module: 'outer::inner', function: 'Stack::clone' }] });
    const sameName = LIB.replace('        pub fn pop(v: &mut Vec<u64>)', '        pub trait A { fn get(&self) -> u64; }\n        pub trait B { fn get(&self) -> u64; }\n        impl A for Stack { fn get(&self) -> u64 { 1 } }\n        impl B for Stack { fn get(&self) -> u64 { 2 } }\n        pub fn pop(v: &mut Vec<u64>)');
    const ambiguous = await plan(sameName.replace('{ fn get(&self) -> u64 { 1 } }', '{ fn get(&self) -> u64 { proof { assert(true); } 1 } }'), { original: files(sameName) });
    expect(ambiguous).toMatchObject({ kind: 'crate', reason: expect.stringContaining('two functions are named outer::inner::Stack::get') });
    expect(await plan(LIB.replace('pub fn add_one', '// a comment\npub fn add_one'))).toMatchObject({ kind: 'crate', reason: expect.stringContaining('nothing to focus on') });
    expect(await plan(LIB.replace('    x + 1\n', '    assert(x < 100);\n    x + 1\n'), { policy: 'crate' })).toEqual({ kind: 'crate', functions: [], reason: 'scope = "crate"' });
  });

  it('derives the module path of a file module, and refuses to guess under #[path]', async () => {
    const module = 'use vstd::prelude::*;\nverus! {\npub fn f(x: u8) -> u8 { x }\n}\n';
    const original = files('pub mod ds;\n', { 'src/ds/mod.rs': 'pub mod list;\n', 'src/ds/list.rs': module });
    const edited = module.replace('{ x }', '{ proof { assert(true); } x }');
    expect(await plan(edited, { original, file: 'src/ds/list.rs' })).toMatchObject({ kind: 'focused', selections: [{ module: 'ds::list', function: 'f' }] });
    const pathAttribute = files('#[path = "other.rs"]\npub mod ds;\n', { 'src/other.rs': module });
    expect(await plan(edited, { original: pathAttribute, file: 'src/other.rs' })).toMatchObject({ kind: 'crate', reason: expect.stringContaining('#[path]') });
  });
});
