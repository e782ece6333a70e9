import { describe, expect, it } from 'vitest';
import { expandUseTree, leafName } from './expand-use-tree.js';

describe('expandUseTree', () => {
  it('gives each imported name with its full path and alias, through nested braces, self and globs', () => {
    const leaves = expandUseTree('vstd::{math::{abs as vabs, min}, prelude::*, multiset::{self, Multiset}}');
    expect(leaves.map((leaf) => [leaf.path.join('::'), leafName(leaf)])).toEqual([
      ['vstd::math::abs', 'vabs'], ['vstd::math::min', 'min'], ['vstd::prelude::*', '*'], ['vstd::multiset', 'multiset'], ['vstd::multiset::Multiset', 'Multiset'],
    ]);
  });

  it('reads a leading ::, line breaks and a trailing comma, and gives nothing for a tree it cannot read', () => {
    expect(expandUseTree('::std::{\n  mem::take,\n}').map((leaf) => leaf.path.join('::'))).toEqual(['std::mem::take']);
    expect(expandUseTree('vstd::{math::abs')).toEqual([]);
    expect(expandUseTree('vstd::math::abs<T>')).toEqual([]);
  });
});
