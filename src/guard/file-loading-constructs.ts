import type { GuardToken } from './cheat-constructs.js';
import { pairBrackets } from './pair-brackets.js';

/**
 * Constructs that make the compiler read another file: `#[path = ".."]` (also inside `cfg_attr`),
 * a file module `mod name;`, and `include!`/`include_str!`/`include_bytes!` (or a `use` of them
 * under another name). A file read this way was never guarded, so it could hold an
 * `external_body` lemma that `ensures false`: any such construct the original lacks is a rejection.
 */
export type FileLoadingKind = 'path-attribute' | 'module-file' | 'include-macro';

export interface FileLoadingConstruct {
  kind: FileLoadingKind;
  /** The construct's tokens joined by spaces; the original and the candidate are compared on it. */
  text: string;
  line: number;
}

const INCLUDE_MACROS = new Set(['include', 'include_str', 'include_bytes']);

export function findFileLoadingConstructs(tokens: readonly GuardToken[]): FileLoadingConstruct[] {
  const partners = pairBrackets(tokens.map((token) => token.text));
  const found: FileLoadingConstruct[] = [];
  const textOf = (from: number, to: number): string => tokens.slice(from, to).map((token) => token.text).join(' ');
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as GuardToken;
    const text = (offset: number): string => tokens[index + offset]?.text ?? '';
    const attributeEnd = token.text === '#' ? pathAttributeEnd(tokens, partners, index) : null;
    if (attributeEnd !== null) {
      found.push({ kind: 'path-attribute', text: textOf(index, attributeEnd), line: token.line });
    } else if (token.text === 'mod' && /^[A-Za-z_]/.test(text(1)) && text(2) === ';' && !hasPathAttribute(tokens, partners, index)) {
      found.push({ kind: 'module-file', text: textOf(index, index + 3), line: token.line });
    } else if (INCLUDE_MACROS.has(token.text) && text(-1) !== '.') {
      const end = text(1) === '!' && partners[index + 2] !== undefined && partners[index + 2] !== -1 ? (partners[index + 2] as number) + 1 : index + 1;
      found.push({ kind: 'include-macro', text: textOf(index, end), line: token.line });
    }
  }
  return found;
}

/** For `#[..]` or `#![..]` holding `path = ".."` (at any depth, e.g. in `cfg_attr`): the index after `]`; else null. */
function pathAttributeEnd(tokens: readonly GuardToken[], partners: readonly number[], hash: number): number | null {
  const open = tokens[hash + 1]?.text === '!' ? hash + 2 : hash + 1;
  const close = partners[open] ?? -1;
  if (tokens[open]?.text !== '[' || close < 0) return null;
  for (let index = open + 1; index < close; index++) {
    const previous = tokens[index - 1]?.text ?? '';
    if (tokens[index]?.text === 'path' && tokens[index + 1]?.text === '=' && (previous === '[' || previous === '(' || previous === ',')) return close + 1;
  }
  return null;
}

/** Whether the attributes right before `mod` (skipping a visibility) include a path attribute: it is reported instead. */
function hasPathAttribute(tokens: readonly GuardToken[], partners: readonly number[], mod: number): boolean {
  let index = mod - 1;
  if (tokens[index]?.text === ')') index = (partners[index] ?? index) - 1;
  if (tokens[index]?.text === 'pub') index -= 1;
  while (tokens[index]?.text === ']') {
    const open = partners[index] ?? -1;
    const hash = tokens[open - 1]?.text === '#' ? open - 1 : open - 2;
    if (open < 0 || tokens[hash]?.text !== '#') return false;
    if (pathAttributeEnd(tokens, partners, hash) !== null) return true;
    index = hash - 1;
  }
  return false;
}
