import { TOKEN_KIND } from '../../core/source-parser.js';
import type { Span } from '../../core/span.js';
import type { Block } from '../block.js';
import type { Loop } from '../loop.js';
import { parseClauses } from './parse-clauses.js';
import type { ParseContext } from './parse-context.js';
import type { AssertProof, ProofStatement } from '../proof-statement.js';
import { skipClosureParameters } from './scan-expression.js';
import type { StatementRange } from './split-statements.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';

/** Scans nested blocks for the recognizer (implemented by the function body scanner). */
export interface NestedBlockScanner {
  scanBlock(open: number, loop: Loop | null, inProofContext: boolean, listStatements?: boolean): Block;
}

const REQUIRES_ONLY: ReadonlySet<string> = new Set(['requires']);
const REVEAL_MACROS = new Set(['reveal', 'reveal_with_fuel', 'hide']);
const PROOF_WORDS = new Set(['assert', 'assume', 'admit', 'proof', ...REVEAL_MACROS]);
const NOT_LEMMAS = new Set(['assert', 'assume', 'admit', 'proof', 'Ghost', 'Tracked', 'Some', 'Ok', 'Err', 'return', 'drop']);

/**
 * Recognizes a proof statement at the head of a statement (`assert`, `assert forall`, `assume`,
 * `admit`, `proof { }`, `reveal`, and in proof context lemma calls), scanning its proof blocks
 * through `scanner`. Returns null when the statement is not one.
 */
export function recognizeProofStatement(
  context: ParseContext,
  statement: StatementRange,
  loop: Loop | null,
  inProofContext: boolean,
  scanner: NestedBlockScanner,
): ProofStatement | null {
  const tokens = context.tokens;
  const head = statement.head;
  if (tokens.kinds[head] !== TOKEN_KIND.word) return null;
  const word = tokens.texts[head] ?? '';
  if (!PROOF_WORDS.has(word) && !inProofContext) return null;
  const base = { span: context.span(statement.first, statement.end), loopId: loop?.id ?? null, inProofContext };
  if (word === 'assert' && isOpenAt(tokens, head + 1, '(')) {
    const close = tokens.partners[head + 1] ?? head + 1;
    const proof = parseAssertProof(context, close + 1, statement.end, loop, scanner);
    return { ...base, kind: 'assert', expression: context.spannedText(head + 2, close), proof };
  }
  if (word === 'assert' && isWordAt(tokens, head + 1, 'forall')) return parseAssertForall(context, statement, base, loop, scanner);
  if (word === 'assume' && isOpenAt(tokens, head + 1, '(')) {
    return { ...base, kind: 'assume', expression: context.spannedText(head + 2, tokens.partners[head + 1] ?? head + 2) };
  }
  if (word === 'admit' && isOpenAt(tokens, head + 1, '(')) return { ...base, kind: 'admit' };
  if (word === 'proof' && isOpenAt(tokens, head + 1, '{')) {
    return { ...base, kind: 'proof-block', block: scanner.scanBlock(head + 1, loop, true) };
  }
  if (REVEAL_MACROS.has(word) && isOpenAt(tokens, head + 1, '(')) {
    const close = tokens.partners[head + 1] ?? head + 1;
    return { ...base, kind: 'reveal', macro: word as 'reveal', arguments: context.spannedText(head + 2, close) };
  }
  return inProofContext ? recognizeLemmaCall(context, statement, base) : null;
}


function parseAssertProof(context: ParseContext, from: number, end: number, loop: Loop | null, scanner: NestedBlockScanner): AssertProof | null {
  const tokens = context.tokens;
  if (!isWordAt(tokens, from, 'by')) return null;
  if (isOpenAt(tokens, from + 1, '{')) {
    scanner.scanBlock(from + 1, loop, true, false);
    return { kind: 'block', block: context.span(from + 1, (tokens.partners[from + 1] ?? from + 1) + 1) };
  }
  if (!isOpenAt(tokens, from + 1, '(')) return null;
  const close = tokens.partners[from + 1] ?? from + 1;
  const requires = parseClauses(context, close + 1, end, REQUIRES_ONLY);
  let block: Span | null = null;
  if (isOpenAt(tokens, requires.end, '{')) {
    scanner.scanBlock(requires.end, loop, true, false);
    block = context.span(requires.end, (tokens.partners[requires.end] ?? requires.end) + 1);
  }
  return {
    kind: 'prover',
    prover: context.text(from + 2, close).trim(),
    proverSpan: context.span(from + 2, close),
    requires: requires.clauses[0] ?? null,
    block,
  };
}

type ProofBase = Pick<ProofStatement, 'span' | 'loopId' | 'inProofContext'>;

function parseAssertForall(context: ParseContext, statement: StatementRange, base: ProofBase, loop: Loop | null, scanner: NestedBlockScanner): ProofStatement | null {
  const tokens = context.tokens;
  const bars = statement.head + 2;
  if (!isPunctuationAt(tokens, bars, '|') && !isPunctuationAt(tokens, bars, '||')) return null;
  const afterBars = skipClosureParameters(tokens, bars, statement.end);
  let implies = -1;
  let by = -1;
  for (let index = afterBars; index < statement.end && by === -1; index++) {
    if (tokens.kinds[index] === TOKEN_KIND.open) index = tokens.partners[index] ?? index;
    else if (implies === -1 && isWordAt(tokens, index, 'implies')) implies = index;
    else if (isWordAt(tokens, index, 'by')) by = index;
  }
  const expressionEnd = implies !== -1 ? implies : by !== -1 ? by : trimSemicolon(context, statement.end);
  const impliesEnd = by !== -1 ? by : trimSemicolon(context, statement.end);
  let block: Span | null = null;
  if (by !== -1 && isOpenAt(tokens, by + 1, '{')) {
    scanner.scanBlock(by + 1, loop, true, false);
    block = context.span(by + 1, (tokens.partners[by + 1] ?? by + 1) + 1);
  }
  return {
    ...base,
    kind: 'assert-forall',
    binders: context.spannedText(bars + 1, Math.max(bars + 1, afterBars - 1)),
    expression: context.spannedText(afterBars, expressionEnd),
    implies: implies === -1 ? null : context.spannedText(implies + 1, impliesEnd),
    block,
  };
}

/** `lemma(args);`, `Type::lemma::<T>(args);`, `x.lemma(args);` as a whole statement. */
function recognizeLemmaCall(context: ParseContext, statement: StatementRange, base: ProofBase): ProofStatement | null {
  const tokens = context.tokens;
  const end = trimSemicolon(context, statement.end);
  let index = statement.head;
  let lastWord = -1;
  while (index < end && !isOpenAt(tokens, index, '(')) {
    const kind = tokens.kinds[index];
    const text = tokens.texts[index] ?? '';
    if (text === '<' && isPunctuationAt(tokens, index - 1, '::')) {
      index = skipAngles(context, index, end);
      continue;
    }
    if (kind === TOKEN_KIND.word) lastWord = index;
    else if (text !== '::' && text !== '.') return null;
    index++;
  }
  if (index >= end || lastWord === -1 || (tokens.partners[index] ?? -1) + 1 !== end) return null;
  const callee = context.text(statement.head, index).replace(/\s+/g, '');
  const lastSegment = tokens.texts[lastWord] ?? '';
  const endsWithName = lastWord === index - 1 || isPunctuationAt(tokens, lastWord + 1, '::');
  if (NOT_LEMMAS.has(callee) || /^[A-Z]/.test(lastSegment) || !endsWithName) return null;
  return {
    ...base,
    kind: 'lemma-call',
    callee,
    calleeSpan: context.span(statement.head, index),
    arguments: context.spannedText(index + 1, tokens.partners[index] ?? index + 1),
  };
}

function skipAngles(context: ParseContext, open: number, end: number): number {
  let depth = 0;
  for (let index = open; index < end; index++) {
    const text = context.tokens.texts[index];
    if (text === '<') depth++;
    else if (text === '>') depth--;
    else if (text === '>>') depth -= 2;
    if (depth <= 0) return index + 1;
  }
  return end;
}

function trimSemicolon(context: ParseContext, end: number): number {
  return isPunctuationAt(context.tokens, end - 1, ';') ? end - 1 : end;
}
