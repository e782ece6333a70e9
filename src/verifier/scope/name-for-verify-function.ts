import type { FunctionItem, VerusFileIr } from '../../ir/index.js';

/**
 * The name Verus's `--verify-function` matches a function by, exactly: its friendly path relative
 * to its module. A free function is `f`; a method is `Type::m`, Type being the impl's self type as
 * defined (Verus names methods after the self type's own path, inherent and trait impls alike).
 * Null when that cannot be told from this file: trait default methods, self types that are not a
 * plain name of a type defined in the same module (`&T`, `[T]`, `a::T`), macros' output.
 */
export function nameForVerifyFunction(ir: VerusFileIr, fn: FunctionItem): string | null {
  if (fn.owner === null) return fn.name;
  if (fn.owner.kind === 'trait') return null;
  const selfType = fn.owner.selfType.replace(/<[\s\S]*$/, '').trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(selfType)) return null;
  const definedHere = ir.items.length > 0 && collectTypes(ir).some((type) => type.name === selfType && sameModule(type.modulePath, fn.modulePath));
  return definedHere ? `${selfType}::${fn.name}` : null;
}

function collectTypes(ir: VerusFileIr): Array<{ name: string; modulePath: string[] }> {
  const types: Array<{ name: string; modulePath: string[] }> = [];
  const visit = (items: VerusFileIr['items']): void => {
    for (const item of items) {
      if (item.kind === 'struct' || item.kind === 'union' || item.kind === 'enum') types.push({ name: item.name, modulePath: item.modulePath });
      if (item.kind === 'module' && item.items !== null) visit(item.items);
    }
  };
  visit(ir.items);
  return types;
}

function sameModule(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((segment, index) => segment === right[index]);
}
