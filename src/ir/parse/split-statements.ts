import { TOKEN_KIND } from '../../core/source-parser.js';
import type { ParseContext } from './parse-context.js';
import { parseLoopHead } from './parse-loop-head.js';
import { scanExpression, skipAttribute } from './scan-expression.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

/** A statement as token indices: [first, end) with `head` at the first token after attributes and label. */
export interface StatementRange {
  first: number;
  head: number;
  end: number;
  kind: 'let' | 'item' | 'expression';
  hasSemicolon: boolean;
}

const ITEM_WORDS = new Set(['fn', 'struct', 'enum', 'union', 'impl', 'trait', 'mod', 'use', 'static', 'macro_rules', 'type']);
const ITEM_MODIFIERS = new Set(['pub', 'const', 'unsafe', 'async', 'extern', 'open', 'closed', 'spec', 'proof', 'exec', 'broadcast', 'axiom', 'uninterp']);
const BLOCK_PREFIX_WORDS = new Set(['unsafe', 'async', 'const', 'proof']);
const CONDITION_OPTIONS = { stopAtComma: false, stopAtBrace: true, stopWords: null } as const;

/**
 * Splits the tokens [from, to) of a block's inside into top-level statements. A statement ends at
 * its `;`, or after the final block of a block-like expression (`if`/`else` chains, `match`, loops,
 * `unsafe { }`, `proof { }`, `assert(..) by { }`, a `macro! { }` or nested item), like Rust does.
 */
export function splitStatements(context: ParseContext, from: number, to: number): StatementRange[] {
  const tokens = context.tokens;
  const statements: StatementRange[] = [];
  let index = from;
  while (index < to) {
    if (isPunctuationAt(tokens, index, ';')) {
      index++;
      continue;
    }
    let head = index;
    while (head < to && isPunctuationAt(tokens, head, '#')) head = skipAttribute(tokens, head);
    if (isPunctuationAt(tokens, head, "'") && isPunctuationAt(tokens, head + 2, ':')) head += 3;
    const blockEnd = Math.min(findStatementEnd(context, head, to), to);
    const end = isPunctuationAt(tokens, blockEnd, ';') && blockEnd < to ? blockEnd + 1 : blockEnd;
    const safeEnd = Math.max(end, head + 1, index + 1);
    statements.push({ first: index, head, end: safeEnd, kind: classify(context, head), hasSemicolon: isPunctuationAt(tokens, safeEnd - 1, ';') });
    index = safeEnd;
  }
  return statements;
}

function classify(context: ParseContext, head: number): StatementRange['kind'] {
  const tokens = context.tokens;
  if (isWordAt(tokens, head, 'let')) return 'let';
  return isItemStart(context, head) ? 'item' : 'expression';
}

function isItemStart(context: ParseContext, head: number): boolean {
  const tokens = context.tokens;
  for (let index = head; index < head + 6 && tokens.kinds[index] === TOKEN_KIND.word; index++) {
    const word = tokens.texts[index] ?? '';
    if (ITEM_WORDS.has(word)) return index === head || word === 'fn' || word === 'impl' || word === 'trait';
    if (!ITEM_MODIFIERS.has(word)) return false;
    if (isOpenAt(tokens, index + 1, '{') || isOpenAt(tokens, index + 1, '(')) return false;
  }
  return false;
}

/** Index just after the statement's own tokens (before an optional `;`). */
function findStatementEnd(context: ParseContext, head: number, to: number): number {
  const tokens = context.tokens;
  const word = tokens.kinds[head] === TOKEN_KIND.word ? (tokens.texts[head] ?? '') : '';
  if (isOpenAt(tokens, head, '{')) return afterGroup(context, head);
  if (word === 'if') return findIfChainEnd(context, head, to);
  if (word === 'match') return afterBraceFollowing(context, head + 1, to);
  if (word === 'while' || word === 'for' || word === 'loop') {
    const loop = parseLoopHead(context, head, to);
    if (loop !== null) return afterGroup(context, loop.bodyOpen);
  }
  if (BLOCK_PREFIX_WORDS.has(word) && isOpenAt(tokens, head + 1, '{')) return afterGroup(context, head + 1);
  if (isItemStart(context, head)) return findItemEnd(context, head, to);
  return findSimpleStatementEnd(context, head, to);
}

function findIfChainEnd(context: ParseContext, head: number, to: number): number {
  const tokens = context.tokens;
  let end = afterBraceFollowing(context, head + 1, to);
  while (isWordAt(tokens, end, 'else')) {
    if (isWordAt(tokens, end + 1, 'if')) end = afterBraceFollowing(context, end + 2, to);
    else if (isOpenAt(tokens, end + 1, '{')) return afterGroup(context, end + 1);
    else return end + 1;
  }
  return end;
}

/** Scans a condition/scrutinee from `from` and returns the index after the block that follows it. */
function afterBraceFollowing(context: ParseContext, from: number, to: number): number {
  const brace = scanExpression(context.tokens, from, to, CONDITION_OPTIONS);
  return isOpenAt(context.tokens, brace, '{') ? afterGroup(context, brace) : brace;
}

function findItemEnd(context: ParseContext, head: number, to: number): number {
  const tokens = context.tokens;
  for (let index = head; index < to; index++) {
    if (isOpenAt(tokens, index, '{')) return afterGroup(context, index);
    if (tokens.kinds[index] === TOKEN_KIND.open) index = tokens.partners[index] ?? index;
    else if (isPunctuationAt(tokens, index, ';')) return index;
  }
  return to;
}

/** Up to the top-level `;`, or the end of `... by { }` / `macro! { }`. */
function findSimpleStatementEnd(context: ParseContext, head: number, to: number): number {
  const tokens = context.tokens;
  // `assert(..) by(prover) requires .. { }` and `assert forall|..| .. by { }` end with their proof block.
  const isAssert = isWordAt(tokens, head, 'assert');
  for (let index = head; index < to; index++) {
    const kind = tokens.kinds[index];
    if (kind === TOKEN_KIND.open) {
      if (isAssert && tokens.texts[index] === '{') return afterGroup(context, index);
      const isMacroBraces = tokens.texts[index] === '{' && isPunctuationAt(tokens, index - 1, '!') && index - 1 > head;
      const isByBlock = tokens.texts[index] === '{' && isWordAt(tokens, index - 1, 'by') && index - 1 > head;
      if (isMacroBraces || isByBlock) return afterGroup(context, index);
      index = tokens.partners[index] ?? index;
    } else if (kind === TOKEN_KIND.punctuation && tokens.texts[index] === ';') {
      return index;
    }
  }
  return to;
}

function afterGroup(context: ParseContext, open: number): number {
  return (context.tokens.partners[open] ?? open) + 1;
}
