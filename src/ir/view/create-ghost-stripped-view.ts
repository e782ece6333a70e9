import { TOKEN_KIND } from '../../core/source-parser.js';
import type { Span } from '../../core/span.js';
import type { FunctionItem } from '../function-item.js';
import { listNormalizedTokens } from './render-normalized-tokens.js';
import { tokenRangeOfSpan } from '../span/token-range-of-span.js';
import { isOpenAt, isPunctuationAt, isWordAt } from '../syntax/token-predicates.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** The executable code of one function, as canonical text. */
export interface GhostStrippedView {
  function: string;
  /** Empty for spec and proof functions: they have no executable code. */
  text: string;
  /** The canonical tokens `text` joins with spaces, for comparisons that need token boundaries. */
  tokens: string[];
}

/**
 * The function's exec code with every spec and proof part removed, rendered canonically (see
 * renderNormalizedTokens): removed are outer and inner attributes `#[verifier::..]`, `#[verus::..]`,
 * `#[trigger]`, `#![trigger ..]`, `#![auto]`; all function and loop clauses; the name of a named
 * return (`-> (r: T)` becomes `-> T`) and its `tracked`/`ghost` word; `tracked`/`ghost` parameters;
 * the ghost iterator name of `for x in it: e`; `assert`, `assert forall`, `assume`, `admit`,
 * `reveal`/`reveal_with_fuel`/`hide` statements and `proof { }` blocks; `let ghost`/`let tracked`
 * statements; the clauses of closures; comments and layout. Everything else, other attributes
 * included, is kept.
 */
export function createGhostStrippedView(ir: VerusFileIr, fn: FunctionItem): GhostStrippedView {
  if (fn.baseMode !== 'exec') return { function: fn.qualifiedName, text: '', tokens: [] };
  const tokens = ir.tokens;
  const [first, end] = tokenRangeOfSpan(ir, fn.span);
  const removed = new Uint8Array(end - first);
  const remove = (from: number, to: number) => removed.fill(1, Math.max(from, first) - first, Math.max(Math.min(to, end), first) - first);
  const removeSpan = (span: Span) => remove(...tokenRangeOfSpan(ir, span));
  for (const clause of fn.clauses) removeSpan(clause.span);
  for (const loop of fn.loops) {
    for (const clause of loop.clauses) removeSpan(clause.span);
    if (loop.iteratorName !== null) {
      const [name] = tokenRangeOfSpan(ir, loop.iteratorName.span);
      remove(name, name + 2);
    }
  }
  for (const statement of fn.proofStatements) {
    if (statement.kind !== 'lemma-call') removeSpan(statement.span);
  }
  for (const parameter of fn.parameters) {
    if (parameter.mode === 'exec') continue;
    const [paramFirst, paramEnd] = tokenRangeOfSpan(ir, parameter.span);
    remove(paramFirst, isPunctuationAt(tokens, paramEnd, ',') ? paramEnd + 1 : paramEnd);
  }
  if (fn.returnValue !== null) stripReturnName(ir, fn, remove);
  removeVerifierAttributesAndGhostLets(ir, first, end, remove);
  if (fn.body !== null) removeClosureClauses(ir, tokenRangeOfSpan(ir, fn.body.span)[0], end, (index) => removed[index - first] === 1, remove);
  const kept = listNormalizedTokens(tokens, first, end, (index) => removed[index - first] !== 1);
  return { function: fn.qualifiedName, text: kept.join(' '), tokens: kept };
}

function stripReturnName(ir: VerusFileIr, fn: FunctionItem, remove: (from: number, to: number) => void): void {
  const returnValue = fn.returnValue;
  if (returnValue === null) return;
  const [arrow, returnEnd] = tokenRangeOfSpan(ir, returnValue.span);
  const [typeFirst, typeEnd] = tokenRangeOfSpan(ir, returnValue.type.span);
  remove(arrow + 1, typeFirst);
  remove(typeEnd, returnEnd);
}

function removeVerifierAttributesAndGhostLets(ir: VerusFileIr, first: number, end: number, remove: (from: number, to: number) => void): void {
  const tokens = ir.tokens;
  for (let index = first; index < end; index++) {
    if (isPunctuationAt(tokens, index, '#')) {
      const open = isPunctuationAt(tokens, index + 1, '!') ? index + 2 : index + 1;
      if (!isOpenAt(tokens, open, '[')) continue;
      const name = tokens.texts[open + 1] ?? '';
      if (name === 'verifier' || name === 'verus' || name === 'trigger' || name === 'auto') remove(index, (tokens.partners[open] ?? open) + 1);
    } else if (isWordAt(tokens, index, 'let') && (isWordAt(tokens, index + 1, 'ghost') || isWordAt(tokens, index + 1, 'tracked'))) {
      remove(index, statementEnd(ir, index, end));
    }
  }
}

const CLOSURE_CLAUSE_WORDS = new Set(['requires', 'ensures', 'recommends', 'decreases', 'opens_invariants', 'no_unwind']);

/** Closures carry clauses too (`|x| requires x > 0 ensures .. { .. }`): from the keyword up to the closure body. */
function removeClosureClauses(ir: VerusFileIr, bodyOpen: number, end: number, isRemoved: (index: number) => boolean, remove: (from: number, to: number) => void): void {
  const tokens = ir.tokens;
  for (let index = bodyOpen + 1; index < end; index++) {
    if (isRemoved(index) || tokens.kinds[index] !== TOKEN_KIND.word || !CLOSURE_CLAUSE_WORDS.has(tokens.texts[index] ?? '')) continue;
    if (isPunctuationAt(tokens, index - 1, '.') || isPunctuationAt(tokens, index - 1, '::')) continue;
    let stop = index + 1;
    while (stop < end && !isOpenAt(tokens, stop, '{') && tokens.kinds[stop] !== TOKEN_KIND.close && !isPunctuationAt(tokens, stop, ';')) {
      stop = tokens.kinds[stop] === TOKEN_KIND.open ? (tokens.partners[stop] ?? stop) + 1 : stop + 1;
    }
    remove(index, stop);
    index = stop - 1;
  }
}

function statementEnd(ir: VerusFileIr, from: number, limit: number): number {
  const tokens = ir.tokens;
  for (let index = from; index < limit; index++) {
    if (tokens.kinds[index] === TOKEN_KIND.open) index = tokens.partners[index] ?? index;
    else if (tokens.kinds[index] === TOKEN_KIND.close) return index;
    else if (isPunctuationAt(tokens, index, ';')) return index + 1;
  }
  return limit;
}
