import { describe, expect, it } from 'vitest';
import { mineLiterals } from './mine-literals.js';

describe('mineLiterals', () => {
  it('takes each char and integer literal once, in order, with suffixes and hex read, comments and strings left out', () => {
    const text = "fn f(c: char) -> bool { // '#' and 99\n c == '0' || c == '\\n' || c == '0' && x < 10u8 && y == 0x1F_u32 && s == \"'z' 77\" /* 55 */ && 3 == 3 }";
    expect(mineLiterals(text)).toEqual({ chars: ["'0'", "'\\n'"], integers: [10n, 31n, 3n] });
  });

  it('leaves out lifetimes, floats\' suffixes and identifiers with digits', () => {
    expect(mineLiterals("fn g<'a>(x: &'a u64) -> u64 { x2 + 1.5f64 as u64 + 7 }")).toEqual({ chars: [], integers: [7n] });
  });
});
