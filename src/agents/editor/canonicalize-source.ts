import { createHash } from 'node:crypto';

/**
 * Rust source with comments removed and whitespace normalized, for spotting a candidate the model
 * already proposed. Whitespace between two word characters becomes one space, and so does whitespace
 * between two punctuation characters that would join into another operator (so `& &x` stays distinct
 * from `&&x`); all other whitespace is dropped. String and char literals are kept verbatim. The rule
 * errs on the safe side: two layouts of the same code may still differ (`> >`), and then the verifier
 * simply runs once more.
 */
export function canonicalizeSource(source: string): string {
  const pieces: string[] = [];
  let pendingSpace = false;
  let index = 0;
  const emit = (text: string): void => {
    const previous = pieces.at(-1)?.at(-1);
    if (pendingSpace && previous !== undefined && needsSeparator(previous, text[0]!)) pieces.push(' ');
    pieces.push(text);
    pendingSpace = false;
  };
  while (index < source.length) {
    const rest = source.startsWith.bind(source);
    const character = source[index]!;
    if (/\s/.test(character)) {
      pendingSpace = true;
      index += 1;
    } else if (rest('//', index)) {
      const end = source.indexOf('\n', index);
      index = end === -1 ? source.length : end;
      pendingSpace = true;
    } else if (rest('/*', index)) {
      index = skipBlockComment(source, index);
      pendingSpace = true;
    } else {
      const end = literalEnd(source, index);
      emit(source.slice(index, end));
      index = end;
    }
  }
  return pieces.join('');
}

/** sha256 of the canonical form: equal hashes mean "the same candidate". */
export function hashCanonicalSource(source: string): string {
  return createHash('sha256').update(canonicalizeSource(source)).digest('hex');
}

/** Adjacent punctuation pairs that lex differently when joined (`= =` vs `==`, Verus `==>`, `=~=`, `&&&`). */
const JOINABLE_PUNCTUATION = new Set(['::', '->', '=>', '==', '!=', '<=', '>=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '^=', '&=', '|=', '<<', '>>', '..', '.=', '=~', '~=', '~~', '<-', '<=', '=<', '/*', '*/', '//']);

function needsSeparator(previous: string, next: string): boolean {
  const word = /[\p{L}\p{N}_]/u;
  const bracket = /[()[\]{},;'"]/;
  if (bracket.test(previous) || bracket.test(next)) return false;
  if (word.test(previous) && word.test(next)) return true;
  if (word.test(previous) || word.test(next)) return false;
  return JOINABLE_PUNCTUATION.has(previous + next);
}

function skipBlockComment(source: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < source.length) {
    if (source.startsWith('/*', index)) {
      depth += 1;
      index += 2;
    } else if (source.startsWith('*/', index)) {
      depth -= 1;
      index += 2;
      if (depth === 0) return index;
    } else index += 1;
  }
  return source.length;
}

/** One past the end of the literal (or single character) starting at `start`. */
function literalEnd(source: string, start: number): number {
  const raw = /^(?:b|c)?r(#*)"/.exec(source.slice(start, start + 260));
  if (raw !== null) {
    const close = `"${raw[1] ?? ''}`;
    const end = source.indexOf(close, start + raw[0].length);
    return end === -1 ? source.length : end + close.length;
  }
  const quoted = /^(?:b|c)?"/.exec(source.slice(start, start + 2));
  if (quoted !== null) {
    let index = start + quoted[0].length;
    while (index < source.length && source[index] !== '"') index += source[index] === '\\' ? 2 : 1;
    return Math.min(index + 1, source.length);
  }
  const character = /^b?'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|.)|[^\\'\n])'/u.exec(source.slice(start, start + 16));
  if (character !== null) return start + character[0].length;
  const word = /^[\p{L}\p{N}_]+/u.exec(source.slice(start, start + 256));
  return word !== null ? start + word[0].length : start + 1;
}
