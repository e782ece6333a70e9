import type { Span } from '../../core/span.js';
import type { IrItem, VerusFileIr } from '../../ir/index.js';

/**
 * Where code that must see an item's private parts (a struct's fields, a private method) can be
 * added to its file: in the item's own module, after the verus! block holding it (plain Rust, so
 * Verus does not see it), or before the closing brace of an inline module inside that block.
 */
export function findAccessPoint(ir: VerusFileIr, span: Span): number {
  const macro = ir.verusMacros.find((candidate) => candidate.byteStart <= span.byteStart && span.byteEnd <= candidate.byteEnd);
  const module = innermostModule(ir.items, span);
  if (module !== null && (macro === undefined || (macro.byteStart <= module.byteStart && module.byteEnd <= macro.byteEnd))) return module.byteEnd - 1;
  return macro?.byteEnd ?? span.byteEnd;
}

function innermostModule(items: readonly IrItem[], span: Span): Span | null {
  for (const item of items) {
    if (item.span.byteStart > span.byteStart || span.byteEnd > item.span.byteEnd) continue;
    if (item.kind === 'module' && item.items !== null) return innermostModule(item.items, span) ?? item.span;
    if (item.kind === 'impl' || item.kind === 'trait') return innermostModule(item.items, span);
  }
  return null;
}
