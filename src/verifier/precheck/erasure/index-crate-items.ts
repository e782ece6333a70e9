import type { IrItem, VerusFileIr } from '../../../ir/index.js';

/** Where an item of the crate is declared. */
export interface DeclaredItem {
  file: string;
  line: number;
  /** Why the erased build lacks it, or null when the erased build keeps it. */
  erasedBecause: string | null;
  /** True when the crate itself gates it with `#[cfg(verus_keep_ghost)]` (exec items too: Verus type-checks code that uses them). */
  verusOnly: boolean;
}

/** The crate's parsed sources and, per item name, its declarations: what the erasure rules look up. */
export interface CrateItemIndex {
  files: ReadonlyMap<string, VerusFileIr>;
  declarations: ReadonlyMap<string, DeclaredItem[]>;
}

/**
 * Indexes the items of a crate's parsed sources by name. Two kinds vanish from an erased build:
 * spec and proof functions and constants inside `verus!` (without verus_keep_ghost the macro
 * erases them outright: verus_builtin_macros lib.rs:158-161 `cfg_erase` gives EraseAll, and
 * syntax.rs:1442-1460 drops their items), and items the crate itself declares under
 * `#[cfg(verus_keep_ghost)]`, a cfg only Verus sets.
 */
export function indexCrateItems(files: ReadonlyMap<string, VerusFileIr>): CrateItemIndex {
  const declarations = new Map<string, DeclaredItem[]>();
  const add = (name: string, item: DeclaredItem) => declarations.set(name, [...(declarations.get(name) ?? []), item]);
  const visit = (file: string, items: readonly IrItem[]) => {
    for (const item of items) {
      if (item.kind === 'impl' || item.kind === 'use' || item.kind === 'broadcast-use' || item.kind === 'extern-crate' || item.name === '') continue;
      add(item.name, { file, line: item.span.lineStart, erasedBecause: describeErasure(item), verusOnly: isVerusOnly(item) });
      if (item.kind === 'module' && item.items !== null) visit(file, item.items);
    }
  };
  for (const [file, ir] of files) visit(file, ir.items);
  return { files, declarations };
}

function isVerusOnly(item: IrItem): boolean {
  return item.attributes.some((attribute) => attribute.name === 'cfg' && /^\s*verus_keep_ghost\s*$/.test(attribute.arguments ?? ''));
}

function describeErasure(item: IrItem): string | null {
  if (isVerusOnly(item)) return 'declared under #[cfg(verus_keep_ghost)], which only Verus sets';
  if (!item.insideVerus) return null;
  if (item.kind === 'function' && item.baseMode !== 'exec') return `a ${item.baseMode} fn, which the erased verus! macro drops`;
  if (item.kind === 'const' && /\b(spec|proof)\b/.test(item.mode)) return `a ${item.mode} const, which the erased verus! macro drops`;
  return null;
}

/** The declaration that explains why `name` is missing from the erased build: every declaration of it is erased (none is kept). */
export function findErasedDeclaration(index: CrateItemIndex, name: string): DeclaredItem | null {
  const declared = index.declarations.get(name) ?? [];
  if (declared.length === 0 || declared.some((item) => item.erasedBecause === null)) return null;
  return declared[0] ?? null;
}
