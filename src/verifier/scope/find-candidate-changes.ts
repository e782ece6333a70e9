import { fingerprintFile } from '../../guard/fingerprint-file.js';
import { renderNormalizedTokens, tokenRangeOfSpan, type FunctionItem, type VerusFileIr } from '../../ir/index.js';

/** How a candidate differs from the original file, function by function, as the guard compares them. */
export interface CandidateChanges {
  /** Functions whose body changed while attributes, signature and clauses stayed identical. */
  bodyChanged: FunctionItem[];
  /** Functions the candidate adds (the guard admits only proof and spec functions). */
  added: FunctionItem[];
  /** Why a change reaches beyond the changed functions themselves; empty when none does. */
  contextChanges: string[];
}

/** Tokens that change proof context beyond the statement they sit in when they appear in a body. */
const CONTEXT_TOKENS = ['broadcast', 'reveal', 'reveal_with_fuel', 'hide', 'opaque'];

/**
 * Compares original and candidate IR: which functions changed, which are new, and every change
 * that can alter another function's verdict (module-level items such as `broadcast use` or
 * `broadcast group`, attributes, signatures or clauses, spec function bodies, removed lemmas,
 * `broadcast`/`reveal`/`hide` added inside a body, duplicated names).
 */
export function findCandidateChanges(original: VerusFileIr, candidate: VerusFileIr): CandidateChanges {
  const before = fingerprints(original);
  const after = fingerprints(candidate);
  const contextChanges: string[] = [...before.duplicates, ...after.duplicates].map((name) => `two functions are named ${name}`);
  if (renderOutsideFunctions(original) !== renderOutsideFunctions(candidate)) contextChanges.push('items outside function bodies changed (broadcast use, broadcast groups, use, types, attributes or impl headers)');
  for (const name of before.byName.keys()) if (!after.byName.has(name)) contextChanges.push(`fn ${name} was removed`);
  const bodyChanged: FunctionItem[] = [];
  const added: FunctionItem[] = [];
  for (const [name, entry] of after.byName) {
    const previous = before.byName.get(name);
    if (previous === undefined) {
      added.push(entry.fn);
      if (entry.fn.mode.startsWith('broadcast')) contextChanges.push(`new broadcast lemma ${name}`);
      continue;
    }
    if (previous.wholeText === entry.wholeText) continue;
    if (previous.headText !== entry.headText) contextChanges.push(`the attributes, signature or clauses of ${name} changed`);
    else if (entry.fn.baseMode === 'spec') contextChanges.push(`the body of spec fn ${name} changed`);
    const tokens = addedContextTokens(original, previous.fn, candidate, entry.fn);
    if (tokens.length > 0) contextChanges.push(`${tokens.join(', ')} added in ${name}`);
    bodyChanged.push(entry.fn);
  }
  for (const fn of added) {
    const tokens = addedContextTokens(null, null, candidate, fn);
    if (tokens.length > 0) contextChanges.push(`${tokens.join(', ')} in new fn ${fn.qualifiedName}`);
  }
  return { bodyChanged, added, contextChanges };
}

interface Fingerprinted {
  fn: FunctionItem;
  wholeText: string;
  headText: string;
}

function fingerprints(ir: VerusFileIr): { byName: Map<string, Fingerprinted>; duplicates: string[] } {
  const functions = ir.functions.filter((fn) => fn.insideVerus);
  const prints = fingerprintFile(ir).functions;
  const byName = new Map<string, Fingerprinted>();
  const duplicates: string[] = [];
  functions.forEach((fn, index) => {
    const print = prints[index];
    if (print === undefined) return;
    if (byName.has(fn.qualifiedName)) duplicates.push(fn.qualifiedName);
    byName.set(fn.qualifiedName, { fn, wholeText: print.wholeText, headText: print.headText });
  });
  return { byName, duplicates };
}

function renderOutsideFunctions(ir: VerusFileIr): string {
  const ranges = ir.functions.map((fn) => tokenRangeOfSpan(ir, fn.span));
  return renderNormalizedTokens(ir.tokens, 0, ir.tokens.count, (index) => !ranges.some(([first, end]) => index >= first && index < end));
}

function addedContextTokens(originalIr: VerusFileIr | null, originalFn: FunctionItem | null, ir: VerusFileIr, fn: FunctionItem): string[] {
  const count = (source: VerusFileIr | null, item: FunctionItem | null, token: string): number => {
    if (source === null || item === null) return 0;
    const [first, end] = tokenRangeOfSpan(source, item.span);
    let total = 0;
    for (let index = first; index < end; index++) if (source.tokens.texts[index] === token) total += 1;
    return total;
  };
  return CONTEXT_TOKENS.filter((token) => count(ir, fn, token) > count(originalIr, originalFn, token));
}
