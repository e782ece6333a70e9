import { describe, expect, it } from 'vitest';
import type { IrItem } from '../ir-item.js';
import { checkSpans, parseSnippet, sliceSpanBytes } from '../testing/parse-snippet.js';

function describeItem(item: IrItem): string {
  switch (item.kind) {
    case 'enum':
      return `enum ${item.name} [${item.variants.map((variant) => variant.name).join(' ')}]`;
    case 'use':
    case 'broadcast-use':
    case 'extern-crate':
      return `${item.kind} ${item.paths.join(' | ')}`;
    case 'broadcast-group':
      return `broadcast-group ${item.name} [${item.members.join(' ')}]`;
    case 'impl':
      return `impl ${item.traitName ?? '-'} for ${item.selfType} (${item.items.length})`;
    case 'module':
      return `module ${item.name} (${item.items?.length ?? 'external'})`;
    case 'assume-specification':
      return `assume-specification ${item.target} ${item.clauses.map((clause) => clause.kind).join(' ')}`;
    case 'macro':
      return `macro ${item.macro} ${item.name}`;
    case 'const':
    case 'static':
    case 'type-alias':
    case 'global':
    case 'extern-block':
      return `${item.kind} ${item.name}${item.mode === '' ? '' : ` (${item.mode})`}`;
    default:
      return `${item.kind} ${item.name}`;
  }
}

describe('items', () => {
  it('parses every item kind inside verus! and keeps source order', async () => {
    const ir = await parseSnippet(`use vstd::prelude::*;
verus! {
use vstd::{seq::*, map::Map};
broadcast use vstd::seq_lib::group_seq_properties, vstd::map_lib::group_map_properties;
pub broadcast group group_mine { lemma_a, lemma_b, }
#[derive(Clone)]
pub struct Point<T> { pub x: T, pub y: T }
pub struct Unit;
pub struct Pair(u8, u8);
pub enum Shape<T> { Circle(T), #[allow(dead_code)] Square { side: T }, Empty }
pub const LIMIT: u64 = 10;
pub spec const SPEC_LIMIT: int = { 5 };
static COUNT: u8 = 0;
pub type Grid = Vec<Vec<u8>>;
global size_of usize == 8;
pub assume_specification<T> [ core::mem::swap::<T> ] (a: &mut T, b: &mut T) ensures *a == *old(b), *b == *old(a);
impl<T> Point<T> { fn get(&self) -> &T { &self.x } }
pub trait Area { spec fn area(&self) -> int; }
mod inner { pub fn helper() {} }
mod external;
extern crate alloc;
macro_rules! m { () => {} }
state_machine! { fields { x: u8 } }
}
`);
    expect(checkSpans(ir)).toEqual([]);
    expect(ir.items.map(describeItem)).toEqual([
      'use vstd::prelude::*',
      'use vstd::{seq::*, map::Map}',
      'broadcast-use vstd::seq_lib::group_seq_properties | vstd::map_lib::group_map_properties',
      'broadcast-group group_mine [lemma_a lemma_b]',
      'struct Point',
      'struct Unit',
      'struct Pair',
      'enum Shape [Circle Square Empty]',
      'const LIMIT',
      'const SPEC_LIMIT (spec)',
      'static COUNT',
      'type-alias Grid',
      'global size_of',
      'assume-specification core::mem::swap::<T> ensures',
      'impl - for Point<T> (1)',
      'trait Area',
      'module inner (1)',
      'module external (external)',
      'extern-crate alloc',
      'macro macro_rules m',
      'macro state_machine state_machine',
    ]);
    expect(ir.items.map((item) => item.insideVerus)).toEqual([false, ...Array<boolean>(20).fill(true)]);
    expect(ir.items[4]?.attributes.map((attribute) => attribute.name)).toEqual(['derive']);
    expect(sliceSpanBytes(ir, ir.items[4]!.span)).toBe('#[derive(Clone)]\npub struct Point<T> { pub x: T, pub y: T }');
    expect(ir.skipped).toEqual([]);
    expect(ir.verusMacros).toHaveLength(1);
  });

  it('records module paths for inline modules and qualifies their functions', async () => {
    const ir = await parseSnippet(`verus! {
mod outer { pub mod inner { pub struct S; impl S { pub fn f() {} } } }
}`);
    expect(ir.functions.map((fn) => [fn.qualifiedName, fn.modulePath])).toEqual([['outer::inner::S::f', ['outer', 'inner']]]);
  });

  it('records unknown syntax as an unknown item with a skipped note and keeps parsing', async () => {
    const ir = await parseSnippet(`verus! {
fn before() {}
frobnicate widget { x }
fn after() {}
}`);
    const unknown = ir.items.find((item) => item.kind === 'unknown');
    expect(unknown?.kind).toBe('unknown');
    expect(ir.skipped.map((note) => [note.reason, note.line, note.column])).toEqual([['unknown-item', 3, 1]]);
    expect(ir.functions.map((fn) => fn.name)).toEqual(['before', 'after']);
  });

  it('keeps inner attributes and items outside verus! from the plain Rust tree', async () => {
    const ir = await parseSnippet(`#![allow(unused)]
use std::fmt;
#[derive(Debug)]
struct Outside { a: u8 }
enum Color { Red, Green }
impl fmt::Display for Outside { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) } }
mod plain { fn g() {} }
verus! { fn v() {} }
fn main() { println!("{}", 1); }`);
    expect(ir.innerAttributes.map((attribute) => attribute.name)).toEqual(['allow']);
    expect(ir.items.map((item) => [item.kind, item.name, item.insideVerus])).toEqual([
      ['use', 'std::fmt', false],
      ['struct', 'Outside', false],
      ['enum', 'Color', false],
      ['impl', 'impl fmt::Display for Outside', false],
      ['module', 'plain', false],
      ['function', 'v', true],
      ['function', 'main', false],
    ]);
    expect(ir.functions.map((fn) => fn.qualifiedName)).toEqual(['Outside::fmt', 'plain::g', 'v', 'main']);
  });
});
