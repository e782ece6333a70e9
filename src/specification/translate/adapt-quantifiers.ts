import type { Adaptation } from './adaptation.js';
import { AND, IMPLIES, LESS, expressionEnd, splitTopLevel } from '../syntax/split-top-level.js';

const QUANTIFIER = /\b(forall|exists)\s*\|([^|]*)\|/g;
const PRIMITIVE_BINDER = /^(u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|i128|isize|char)$/;

interface Binder {
  name: string;
  type: string;
  guard: string | null;
}

/**
 * Rewrites each `forall`/`exists` into the form exec_spec_unverified! compiles: typed binders of a
 * primitive integer type (an `int`/`nat` binder becomes `usize`, so a negative bound is a compile
 * error, never a silent change), one guard `lower <op> x <op> upper` per binder in binder order, and
 * chained guards (`0 <= i <= j < n`) split into one guard per binder. A binder without a lower and
 * an upper bound is an unbounded quantifier: not executable.
 */
export function adaptQuantifiers(text: string): Adaptation {
  QUANTIFIER.lastIndex = 0;
  const match = QUANTIFIER.exec(text);
  if (match === null) return { ok: true, text };
  const [whole, keyword, binderText] = match as unknown as [string, 'forall' | 'exists', string];
  const bodyStart = match.index + whole.length;
  const bodyEnd = expressionEnd(text, bodyStart);
  const body = adaptQuantifiers(text.slice(bodyStart, bodyEnd).replace(/^\s*(#!\[[^\]]*\]\s*)+/, ''));
  if (!body.ok) return body;
  const rewritten = rewriteQuantifier(keyword, binderText, body.text);
  if (!rewritten.ok) return rewritten;
  const rest = adaptQuantifiers(text.slice(bodyEnd));
  if (!rest.ok) return rest;
  return { ok: true, text: `${text.slice(0, match.index)}${rewritten.text}${rest.text}` };
}

function rewriteQuantifier(keyword: 'forall' | 'exists', binderText: string, body: string): Adaptation {
  const binders: Binder[] = [];
  for (const declaration of binderText.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const [name, type] = declaration.split(':').map((part) => part.trim());
    if (name === undefined || type === undefined) return { ok: false, reason: `quantifier ${keyword}|${binderText}| has an untyped binder` };
    const execType = type === 'int' || type === 'nat' ? 'usize' : type;
    if (!PRIMITIVE_BINDER.test(execType)) return { ok: false, reason: `quantifier over ${type}: only integer and char binders have an exec counterpart` };
    binders.push({ name, type: execType, guard: null });
  }
  const { guardConjuncts, conclusion } = splitGuard(keyword, body);
  const leftover: string[] = [];
  for (const conjunct of guardConjuncts) if (!useAsGuard(conjunct, binders)) leftover.push(conjunct);
  for (const binder of binders) {
    if (binder.guard === null) return { ok: false, reason: `unbounded quantifier: ${keyword} over ${binder.name} has no guard lower <= ${binder.name} < upper, so it cannot be enumerated` };
  }
  const guards = binders.map((binder) => binder.guard).join(' && ');
  const inner = leftover.length === 0 ? conclusion : keyword === 'forall' ? `(${leftover.join(' && ')}) ==> (${conclusion})` : `${leftover.join(' && ')} && (${conclusion})`;
  const declared = binders.map((binder) => `${binder.name}: ${binder.type}`).join(', ');
  return { ok: true, text: `${keyword}|${declared}| ${guards} ${keyword === 'forall' ? '==>' : '&&'} (${inner})` };
}

function splitGuard(keyword: 'forall' | 'exists', body: string): { guardConjuncts: string[]; conclusion: string } {
  if (keyword === 'forall') {
    const { parts } = splitTopLevel(body, IMPLIES);
    if (parts.length < 2) return { guardConjuncts: [], conclusion: body.trim() };
    return { guardConjuncts: splitTopLevel(parts[0]!, AND).parts, conclusion: parts.slice(1).join(' ==> ') };
  }
  const { parts } = splitTopLevel(body, AND);
  // The leading conjuncts that are comparison chains may be guards; the rest is the body.
  let guards = 0;
  while (guards < parts.length - 1 && splitTopLevel(parts[guards]!, LESS).parts.length >= 3) guards++;
  return { guardConjuncts: parts.slice(0, guards), conclusion: parts.slice(guards).join(' && ') };
}

/** A chain `o0 op o1 op ... om` whose middle operands are unguarded binders gives each of them a guard. */
function useAsGuard(conjunct: string, binders: Binder[]): boolean {
  const { parts, operators } = splitTopLevel(conjunct.replace(/^\((.*)\)$/s, '$1'), LESS);
  if (parts.length < 3) return false;
  const middle = parts.slice(1, -1).map((operand) => binders.find((binder) => binder.name === operand));
  if (middle.some((binder) => binder === undefined || binder.guard !== null)) return false;
  const upper = parts[parts.length - 1]!;
  middle.forEach((binder, index) => {
    const k = index + 1;
    const strict = operators.slice(k).includes('<') ? '<' : '<=';
    binder!.guard = `${parts[k - 1]} ${operators[k - 1]} ${binder!.name} ${strict} ${upper}`;
  });
  return true;
}
