import { createGhostStrippedView, createSpecView, readRlimitAttribute, renderNormalizedTokens, tokenRangeOfSpan, type FunctionItem, type VerusFileIr } from '../ir/index.js';
import { CHEAT_CONSTRUCTS, countCheatConstructs, type CheatCounts, type GuardToken } from './cheat-constructs.js';
import { findFileLoadingConstructs } from './file-loading-constructs.js';
import type { FileFingerprint, FunctionFingerprint } from './function-fingerprint.js';
import { normalizeExecTokens } from './normalize-exec-tokens.js';
import { isLiteralFalse } from './requires-false.js';

/** Computes what the guard compares for every function of a parsed file. */
export function fingerprintFile(ir: VerusFileIr): FileFingerprint {
  const functions = ir.functions.filter((fn) => fn.insideVerus).map((fn) => fingerprintFunction(ir, fn));
  const tokens = guardTokens(ir, 0, ir.tokens.count);
  const whole = countCheatConstructs(tokens);
  const itemLevelCheats = { ...whole.counts };
  for (const fn of functions) {
    for (const construct of CHEAT_CONSTRUCTS) itemLevelCheats[construct] -= fn.cheats[construct];
  }
  return { file: ir.file, functions, outsideVerus: renderOutsideVerus(ir), itemLevelCheats, itemLevelCheatLines: whole.firstLine, fileLoading: findFileLoadingConstructs(tokens) };
}

function fingerprintFunction(ir: VerusFileIr, fn: FunctionItem): FunctionFingerprint {
  const view = createSpecView(ir, fn);
  const clauseTexts = (kind: string): string[] => view.clauses.filter((clause) => clause.kind === kind).flatMap((clause) => clause.expressions);
  const requires = clauseTexts('requires');
  const [first, end] = tokenRangeOfSpan(ir, fn.span);
  const cheats = countCheatConstructs(guardTokens(ir, first, end));
  return {
    name: fn.qualifiedName,
    mode: fn.baseMode,
    line: fn.nameSpan.lineStart,
    execView: normalizeExecTokens(createGhostStrippedView(ir, fn).tokens).join(' '),
    wholeText: renderNormalizedTokens(ir.tokens, first, end),
    headText: renderHead(ir, fn, first, end),
    spec: {
      signature: view.signature,
      requires,
      ensures: clauseTexts('ensures'),
      recommends: clauseTexts('recommends'),
      decreases: fn.baseMode === 'spec' ? clauseTexts('decreases') : [],
      specBody: view.body,
    },
    cheats: cheats.counts as CheatCounts,
    cheatLines: cheats.firstLine,
    rlimits: fn.attributes.flatMap((attribute) => readRlimitAttribute(attribute.text)),
    requiresFalse: requires.some(isLiteralFalse),
  };
}

function renderHead(ir: VerusFileIr, fn: FunctionItem, first: number, end: number): string {
  if (fn.body === null) return renderNormalizedTokens(ir.tokens, first, end);
  const [bodyFirst, bodyEnd] = tokenRangeOfSpan(ir, fn.body.span);
  return renderNormalizedTokens(ir.tokens, first, end, (index) => index < bodyFirst || index >= bodyEnd);
}

/** The tokens the guard scans; a raw identifier counts as its plain name (`r#admit()` is `admit()`). */
function guardTokens(ir: VerusFileIr, first: number, end: number): GuardToken[] {
  const tokens: GuardToken[] = [];
  for (let index = first; index < end; index++) {
    const text = ir.tokens.texts[index] ?? '';
    tokens.push({ text: /^r#[A-Za-z_]/.test(text) ? text.slice(2) : text, line: ir.source.lineIndexAt(ir.tokens.starts[index] ?? 0) + 1 });
  }
  return tokens;
}

/** Canonical tokens outside every `verus!` invocation: plain Rust that must not change. */
function renderOutsideVerus(ir: VerusFileIr): string {
  const ranges = ir.verusMacros.map((span) => tokenRangeOfSpan(ir, span));
  const inside = (index: number): boolean => ranges.some(([first, end]) => index >= first && index < end);
  return renderNormalizedTokens(ir.tokens, 0, ir.tokens.count, (index) => !inside(index));
}
