import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CandidateApplier } from './candidate-applier.js';
import { createIrCandidateApplier } from './create-ir-candidate-applier.js';

const SOURCE = readFileSync(new URL('../../../test/fixtures/agents/max-and-sum.rs', import.meta.url), 'utf8');
const NEW_MAX = 'pub fn max_of(a: u64, b: u64) -> (r: u64)\n    ensures\n        r >= a,\n        r >= b,\n{\n    if a >= b { a } else { b }\n}';

describe('the IR candidate applier', () => {
  let applier: CandidateApplier;
  beforeAll(async () => {
    applier = await createIrCandidateApplier('src/lib.rs');
  });

  it('replaces whole functions by name and leaves everything else byte for byte', () => {
    const outcome = applier.apply(SOURCE, { kind: 'functions', functions: [{ name: 'max_of', code: NEW_MAX }] });
    expect(outcome.status).toBe('applied');
    const result = outcome.status === 'applied' ? outcome.source : '';
    expect(result).toContain('if a >= b { a } else { b }');
    expect(result.replace(NEW_MAX, '')).toBe(SOURCE.replace(/pub fn max_of[\s\S]*?\n}\n/, '\n'));
  });

  it('splices by the IR spans in a file with non-ASCII text before the function', () => {
    const accented = SOURCE.replace('use vstd::prelude::*;', 'use vstd::prelude::*; // café ✓ 😀');
    const outcome = applier.apply(accented, { kind: 'functions', functions: [{ name: 'max_of', code: NEW_MAX }] });
    expect(outcome.status === 'applied' && outcome.source).toBe(accented.replace(/pub fn max_of[\s\S]*?\n}\n/, `${NEW_MAX}\n`));
  });

  it('replaces a method by its short or qualified name, and several functions at once', () => {
    const bump = 'pub fn bump(&mut self)\n        requires old(self).value < 10,\n        ensures self.value == old(self).value + 1,\n    {\n        self.value = self.value + 1;\n        assert(self.value <= 10);\n    }';
    for (const name of ['bump', 'Counter::bump']) {
      const outcome = applier.apply(SOURCE, { kind: 'functions', functions: [{ name, code: bump }, { name: 'max_of', code: NEW_MAX }] });
      expect(outcome.status === 'applied' && outcome.source).toContain('assert(self.value <= 10);');
    }
  });

  it('rejects unknown names, renamed functions, several items, unparsable code and duplicates, with the problem', () => {
    const problem = (functions: Array<{ name: string; code: string }>) => {
      const outcome = applier.apply(SOURCE, { kind: 'functions', functions });
      return outcome.status === 'rejected' ? outcome.problem : 'applied';
    };
    expect(problem([{ name: 'min_of', code: NEW_MAX }])).toMatch(/no function named `min_of` in the file \(functions: sum_to, lemma_sum_to_grows, max_of/);
    expect(problem([{ name: 'max_of', code: NEW_MAX.replace('max_of', 'maximum') }])).toContain('defines fn maximum; keep the function');
    expect(problem([{ name: 'max_of', code: `${NEW_MAX}\nfn extra() {}` }])).toContain('exactly one whole function, found 2');
    expect(problem([{ name: 'max_of', code: 'pub fn max_of(a: u64 -> u64 { a' }])).toContain('does not parse');
    expect(problem([{ name: 'max_of', code: NEW_MAX }, { name: 'max_of', code: NEW_MAX }])).toContain('given twice');
  });

  it('splits a fenced snippet into functions and replaces them by name', () => {
    const outcome = applier.apply(SOURCE, { kind: 'snippet', code: `${NEW_MAX}\n` });
    expect(outcome.status === 'applied' && outcome.source).toContain('if a >= b');
    const struct = applier.apply(SOURCE, { kind: 'snippet', code: 'struct S {}\n' });
    expect(struct.status === 'rejected' && struct.problem).toContain('holds a struct item');
  });

  it('replaces the whole file for a file candidate', () => {
    expect(applier.apply(SOURCE, { kind: 'file', file: 'verus! {}\n' })).toEqual({ status: 'applied', source: 'verus! {}\n' });
    expect(applier.apply(SOURCE, { kind: 'file', file: '  \n' }).status).toBe('rejected');
  });
});
