import type { Clause, FunctionItem, IrItem, Loop, VerusFileIr } from '../ir/index.js';

/** One function of an outline: what an agent needs to navigate without reading the file. */
export interface OutlineFunction {
  name: string;
  mode: string;
  /** `first-last`, 1-based. */
  lines: string;
  requires?: string[];
  ensures?: string[];
  decreases?: string[];
  loops?: OutlineLoop[];
}

export interface OutlineLoop {
  kind: string;
  lines: string;
  invariants?: string[];
  decreases?: string[];
}

/** A non-function item (struct, enum, impl, module, const...): kind, name, lines. */
export interface OutlineItem {
  kind: string;
  name: string;
  lines: string;
}

export interface FileOutline {
  file: string;
  lines: number;
  items: OutlineItem[];
  functions: OutlineFunction[];
}

/**
 * The outline of a parsed file: its items (impls and modules flattened; `use` left out) and each
 * verified function (inside `verus!`) with its mode, span, requires, ensures, loop invariants and
 * decreases. Functions outside `verus!` (plain Rust, tests) are items of kind `rust-fn`: Verus does
 * not check them. Empty lists are left out, so a plain function costs one short line of JSON.
 */
export function outlineFile(ir: VerusFileIr, relativePath: string): FileOutline {
  const items = flattenItems(ir.items).filter((item) => item.kind !== 'use' && (item.kind !== 'function' || !item.insideVerus));
  return {
    file: relativePath,
    lines: countLines(ir.source.text),
    items: items.map((item) => ({ kind: item.kind === 'function' ? 'rust-fn' : item.kind, name: item.kind === 'function' ? item.qualifiedName : item.name, lines: describeLines(item.span) })),
    functions: ir.functions.filter((fn) => fn.insideVerus).map(outlineFunction),
  };
}

function outlineFunction(fn: FunctionItem): OutlineFunction {
  const loops = fn.loops.map(outlineLoop);
  return {
    name: fn.qualifiedName,
    mode: fn.mode,
    lines: describeLines(fn.span),
    ...clauseTexts('requires', fn.clauses, ['requires']),
    ...clauseTexts('ensures', fn.clauses, ['ensures']),
    ...clauseTexts('decreases', fn.clauses, ['decreases']),
    ...(loops.length === 0 ? {} : { loops }),
  };
}

function outlineLoop(loop: Loop): OutlineLoop {
  return {
    kind: loop.kind,
    lines: describeLines(loop.span),
    ...clauseTexts('invariants', loop.clauses, ['invariant', 'invariant_except_break', 'invariant_ensures']),
    ...clauseTexts('decreases', loop.clauses, ['decreases']),
  };
}

function clauseTexts<K extends string>(key: K, clauses: readonly Clause[], kinds: readonly string[]): Partial<Record<K, string[]>> {
  const texts = clauses.filter((clause) => kinds.includes(clause.kind)).flatMap((clause) => clause.expressions.map((expression) => expression.text.replace(/\s+/g, ' ')));
  return texts.length === 0 ? {} : ({ [key]: texts } as Partial<Record<K, string[]>>);
}

function flattenItems(items: readonly IrItem[]): IrItem[] {
  return items.flatMap((item) => {
    if (item.kind === 'impl' || item.kind === 'trait') return [item, ...flattenItems(item.items)];
    if (item.kind === 'module') return [item, ...flattenItems(item.items ?? [])];
    return [item];
  });
}

/** Lines as an editor numbers them: a final newline ends the last line rather than starting one. */
function countLines(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function describeLines(span: { lineStart: number; lineEnd: number }): string {
  return `${span.lineStart}-${span.lineEnd}`;
}

/**
 * The outline as compact text, for clients that hand the model only a reply's text content: one
 * line per function (`lines mode fn name`), its clauses indented under it (a clause per line, so a
 * clause holding a comma stays whole), then the other items. The same facts as the structured
 * outline, in about three quarters of its tokens.
 */
export function renderOutline(outline: FileOutline): string {
  const lines = [`${outline.file} (${outline.lines} lines)`];
  for (const fn of outline.functions) {
    lines.push(`${fn.lines} ${fn.mode} fn ${fn.name}`);
    pushClauses(lines, '  ', 'requires', fn.requires);
    pushClauses(lines, '  ', 'ensures', fn.ensures);
    pushClauses(lines, '  ', 'decreases', fn.decreases);
    for (const loop of fn.loops ?? []) {
      lines.push(`  ${loop.lines} ${loop.kind}`);
      pushClauses(lines, '    ', 'invariant', loop.invariants);
      pushClauses(lines, '    ', 'decreases', loop.decreases);
    }
  }
  for (const item of outline.items) lines.push(`${item.lines} ${item.kind} ${item.name}`);
  return lines.join('\n');
}

function pushClauses(lines: string[], indent: string, keyword: string, texts: readonly string[] | undefined): void {
  if (texts === undefined) return;
  if (texts.length === 1) lines.push(`${indent}${keyword} ${texts[0]}`);
  else lines.push(`${indent}${keyword}`, ...texts.map((text) => `${indent}  ${text}`));
}
