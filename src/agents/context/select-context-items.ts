import type { Diagnostic } from '../../core/diagnostic.js';
import type { FunctionItem, IrItem, VerusFileIr } from '../../ir/index.js';
import { sameFile } from './annotate-lines.js';

/** How much of an item the editor sees. */
export type ContextDetail = 'full' | 'signature';

/** Why an item is in the focused context (shown in its section header). */
export type ContextRole = 'target' | 'failing' | 'spec' | 'callee' | 'lemma' | 'type';

export interface ContextItem {
  item: FunctionItem | IrItem;
  detail: ContextDetail;
  role: ContextRole;
}

/**
 * Chooses what the editor needs to see: the targets and every function holding a failing span in full;
 * then, transitively through the text already included, spec fns in full (their bodies are
 * specification), lemmas and other called functions as signature + specification, and the
 * struct/enum definitions named (and a method's own type). Names are matched as whole words of the
 * included lines; `@` counts as a use of `view`.
 */
export function selectContextItems(ir: VerusFileIr, targets: readonly string[], diagnostics: readonly Diagnostic[]): ContextItem[] {
  const sourceLines = ir.source.text.split('\n');
  const byName = new Map<string, Array<FunctionItem | IrItem>>();
  const register = (name: string, item: FunctionItem | IrItem): void => void byName.set(name, [...(byName.get(name) ?? []), item]);
  for (const fn of ir.functions) register(fn.name, fn);
  for (const item of collectTypes(ir.items)) register(item.name, item);

  const chosen = new Map<FunctionItem | IrItem, ContextItem>();
  const queue: ContextItem[] = [];
  const choose = (entry: ContextItem): void => {
    if (chosen.has(entry.item)) return;
    chosen.set(entry.item, entry);
    queue.push(entry);
  };
  for (const fn of ir.functions) {
    if (targets.includes(fn.name) || targets.includes(fn.qualifiedName)) choose({ item: fn, detail: 'full', role: 'target' });
  }
  for (const fn of functionsHoldingErrors(ir, diagnostics)) choose({ item: fn, detail: 'full', role: 'failing' });
  while (queue.length > 0) {
    const entry = queue.shift()!;
    for (const word of wordsOf(sourceLines, entry)) {
      for (const item of byName.get(word) ?? []) choose(classify(item));
    }
  }
  return [...chosen.values()].sort((left, right) => left.item.span.byteStart - right.item.span.byteStart);
}

function classify(item: FunctionItem | IrItem): ContextItem {
  if (item.kind !== 'function') return { item, detail: 'full', role: 'type' };
  if (item.baseMode === 'spec') return { item, detail: 'full', role: 'spec' };
  return { item, detail: 'signature', role: item.baseMode === 'proof' ? 'lemma' : 'callee' };
}

/** The names in the lines the editor will see for this item (the same lines renderContextSection shows). */
function wordsOf(sourceLines: readonly string[], entry: ContextItem): Set<string> {
  const { item } = entry;
  const lastLine = entry.detail === 'signature' && item.kind === 'function' && item.body !== null ? item.body.span.lineStart : item.span.lineEnd;
  const text = sourceLines.slice(item.span.lineStart - 1, lastLine).join('\n');
  const words = new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  words.delete(item.name);
  // `x@` is Verus's view syntax for `x.view()`, and a method works on its impl's type.
  if (text.includes('@')) words.add('view');
  if (item.kind === 'function' && item.owner?.kind === 'impl') words.add(item.owner.selfType.replace(/<.*$/s, '').split('::').at(-1)!.trim());
  return words;
}

function functionsHoldingErrors(ir: VerusFileIr, diagnostics: readonly Diagnostic[]): FunctionItem[] {
  const holding: FunctionItem[] = [];
  for (const diagnostic of diagnostics) {
    const span = diagnostic.primary;
    if (diagnostic.severity !== 'error' || span === null || !sameFile(span.file, ir.file)) continue;
    const innermost = ir.functions
      .filter((fn) => fn.span.lineStart <= span.line && span.lineEnd <= fn.span.lineEnd)
      .sort((left, right) => left.span.lineEnd - left.span.lineStart - (right.span.lineEnd - right.span.lineStart))[0];
    if (innermost !== undefined) holding.push(innermost);
  }
  return holding;
}

function collectTypes(items: readonly IrItem[]): IrItem[] {
  return items.flatMap((item) => {
    if (item.kind === 'struct' || item.kind === 'union' || item.kind === 'enum') return [item];
    if (item.kind === 'module' && item.items !== null) return collectTypes(item.items);
    return [];
  });
}
