import { SpecTranslationRefusal } from './spec-syntax.js';

export type SpecToken =
  | { kind: 'identifier'; text: string }
  | { kind: 'integer'; text: string; value: bigint; suffix: string | null }
  | { kind: 'punctuation'; text: string }
  /** A char literal as written (`'a'`, `'\n'`, `'\u{e9}'`): the macro passes it through. */
  | { kind: 'char'; text: string }
  | { kind: 'end'; text: '' };

/** Longest first, so `==>` is one token and not `==` then `>`. */
const PUNCTUATION = ['<==>', '=~~=', '==>', '<==', '=~=', '&&&', '|||', '::', '==', '!=', '<=', '>=', '&&', '||', '<<', '>>', '->', '=>', '..',
  '+', '-', '*', '/', '%', '!', '<', '>', '=', '&', '|', '^', '@', '.', ',', ';', ':', '(', ')', '[', ']', '{', '}', '#', '?'];

const INTEGER = /^(0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*)([a-z][a-z0-9]*)?/;
const IDENTIFIER = /^(r#)?[A-Za-z_][A-Za-z0-9_]*/;
const CHAR = /^'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-7][0-9a-fA-F]|[nrt0\\'"])|[^\\'\n])'/u;

/** Splits a spec expression into tokens; comments are skipped. Strings and floats are refused (no exec counterpart is needed for the specs seen). */
export function tokenizeSpecText(text: string): SpecToken[] {
  const tokens: SpecToken[] = [];
  let rest = text;
  while (true) {
    rest = rest.replace(/^(\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)+/, '');
    if (rest === '') break;
    const integer = INTEGER.exec(rest);
    if (integer !== null) {
      const digits = integer[1]!.replace(/_/g, '');
      tokens.push({ kind: 'integer', text: integer[0], value: BigInt(digits.startsWith('0o') ? `0o${digits.slice(2)}` : digits), suffix: integer[2] ?? null });
      rest = rest.slice(integer[0].length);
      continue;
    }
    const char = CHAR.exec(rest);
    if (char !== null) {
      tokens.push({ kind: 'char', text: char[0] });
      rest = rest.slice(char[0].length);
      continue;
    }
    const identifier = IDENTIFIER.exec(rest);
    if (identifier !== null) {
      tokens.push({ kind: 'identifier', text: identifier[0].replace(/^r#/, '') });
      rest = rest.slice(identifier[0].length);
      continue;
    }
    const punctuation = PUNCTUATION.find((candidate) => rest.startsWith(candidate));
    if (punctuation === undefined) throw new SpecTranslationRefusal(`cannot read ${JSON.stringify(rest.slice(0, 12))}: strings and other literals have no translation here`);
    tokens.push({ kind: 'punctuation', text: punctuation });
    rest = rest.slice(punctuation.length);
  }
  tokens.push({ kind: 'end', text: '' });
  return tokens;
}
