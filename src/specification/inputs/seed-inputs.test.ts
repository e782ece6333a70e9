import { describe, expect, it } from 'vitest';
import { mineLiterals } from './mine-literals.js';
import { SEED_CHARS_VARIABLE, SEED_INTEGERS_VARIABLE, seedLiteralsEnvironment } from './seed-inputs.js';

describe('seedLiteralsEnvironment', () => {
  it('hands the harness each integer, then the ones next to each, distinct and in that order', () => {
    const environment = seedLiteralsEnvironment(mineLiterals('if x < 10 && y != 0x0b { 11 } else { 0 }'));
    expect(environment[SEED_INTEGERS_VARIABLE]).toBe('10,11,0,9,12,-1,1');
  });

  it('reads every char literal mineLiterals keeps as its code point, escapes included', () => {
    const environment = seedLiteralsEnvironment(mineLiterals("c == 'a' || c == '\\n' || c == '\\\\' || c == '\\'' || c == '\\x41' || c == '\\u{1F600}' || c == 'é' || c == '\\0'"));
    expect(environment[SEED_CHARS_VARIABLE]!.split(',').map(Number)).toEqual([0x61, 10, 92, 39, 0x41, 0x1f600, 0xe9, 0]);
  });

  it('is empty for a function without literals, so the harness seeds nothing', () => {
    expect(seedLiteralsEnvironment({ chars: [], integers: [] })).toEqual({ [SEED_INTEGERS_VARIABLE]: '', [SEED_CHARS_VARIABLE]: '' });
  });
});
