/** The literals of a function's text, to seed its inputs with (the values its code and spec compare against). */
export interface MinedLiterals {
  /** Char literals as written, quotes included (`'5'`, `'\n'`). */
  chars: string[];
  integers: bigint[];
}

/** At most this many of each kind: a function full of constants must not take over the budget. */
export const MAXIMUM_MINED_LITERALS = 24;

const INTEGER_SUFFIX = /(u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|i128|isize)$/;

/**
 * The distinct char and integer literals of Rust source text, in order of first appearance, comments
 * and string literals left out. Fuzzers seed inputs with a program's own constants (a dictionary):
 * a random char is almost never the '5' an `is_digit` compares with, and a random integer almost
 * never the bound a loop stops at. The values are only inputs to try; the requires still filter them.
 */
export function mineLiterals(text: string): MinedLiterals {
  const chars: string[] = [];
  const integers: bigint[] = [];
  const code = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\])*"/g, ' ');
  for (const match of code.matchAll(/'(?:\\(?:[nrt0\\'"]|x[0-7][0-9a-fA-F]|u\{[0-9a-fA-F]{1,6}\})|[^'\\\n])'|(?<![.\w])(0x[0-9a-fA-F_]+|0b[01_]+|\d[\d_]*)([a-z]\w*)?\b(?!\.\d)/g)) {
    if (match[0].startsWith("'")) {
      if (!chars.includes(match[0]) && chars.length < MAXIMUM_MINED_LITERALS) chars.push(match[0]);
      continue;
    }
    const suffix = match[2] ?? '';
    if (suffix !== '' && !INTEGER_SUFFIX.test(suffix)) continue;
    const digits = (match[1] ?? '').replace(/_/g, '');
    const value = BigInt(digits);
    if (!integers.includes(value) && integers.length < MAXIMUM_MINED_LITERALS) integers.push(value);
  }
  return { chars, integers };
}
