import { describe, expect, it } from 'vitest';
import { resolveSpecChangeSelectors, resolveTargetFunctions } from './resolve-target-functions.js';

const FUNCTIONS = ['Stack::push', 'Stack::pop', 'Queue::push', 'inner::Tree::insert', 'binary_search', 'lemma_sorted'];

describe('resolveTargetFunctions', () => {
  it('resolves an exact qualified name, a unique short name and a unique path suffix', () => {
    expect(resolveTargetFunctions(['pop'], FUNCTIONS)).toEqual(['Stack::pop']);
    expect(resolveTargetFunctions(['Stack::pop', 'binary_search'], FUNCTIONS)).toEqual(['Stack::pop', 'binary_search']);
    expect(resolveTargetFunctions(['Tree::insert'], FUNCTIONS)).toEqual(['inner::Tree::insert']);
  });

  it('rejects an ambiguous name as bad input, listing the candidates', () => {
    expect(() => resolveTargetFunctions(['push'], FUNCTIONS)).toThrow(expect.objectContaining({
      name: 'ConfigurationError',
      message: expect.stringMatching(/--fn push is ambiguous.*Stack::push, Queue::push/),
    }));
  });

  it('rejects an unknown name as bad input, naming it and listing close names', () => {
    expect(() => resolveTargetFunctions(['binary_serch'], FUNCTIONS)).toThrow(expect.objectContaining({
      name: 'ConfigurationError',
      message: expect.stringMatching(/no function named binary_serch.*did you mean binary_search/),
    }));
    expect(() => resolveTargetFunctions(['zzz'], FUNCTIONS)).toThrow(/no function named zzz.*functions in the file: Stack::push, Stack::pop/);
    expect(() => resolveTargetFunctions(['Queue::pop'], FUNCTIONS)).toThrow(/no function named Queue::pop.*did you mean .*Stack::pop/);
  });
});

describe('resolveSpecChangeSelectors', () => {
  it('rewrites each selector to the qualified name and rejects one whose function does not exist', () => {
    expect(resolveSpecChangeSelectors(['pop.ensures', 'binary_search.*'], FUNCTIONS)).toEqual(['Stack::pop.ensures', 'binary_search.*']);
    expect(() => resolveSpecChangeSelectors(['nofn.ensures'], FUNCTIONS)).toThrow(/--allow-spec-change nofn.ensures: no function named nofn/);
  });
});
