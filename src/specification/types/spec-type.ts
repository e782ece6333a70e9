/**
 * The type of a spec value as check-spec tracks it while translating for vstd's exec_spec macro.
 * Inside an expression every integer is held as an i128 (the "wide" form): spec arithmetic is
 * unbounded, and i128 holds every value of the exec integer types up to u64 and usize exactly.
 * Values kept in storage (parameters, results, sequence elements, fields) use their declared exec
 * type, with `int` and `nat` stored as i128.
 */
export type SpecType =
  | { kind: 'int'; name: IntegerTypeName }
  | { kind: 'bool' }
  | { kind: 'char' }
  | { kind: 'unit' }
  | { kind: 'seq'; element: SpecType }
  | { kind: 'option'; inner: SpecType }
  | { kind: 'tuple'; elements: SpecType[] }
  | { kind: 'struct'; name: string };

export const FIXED_INTEGER_TYPES = ['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize'] as const;
export type IntegerTypeName = 'int' | 'nat' | (typeof FIXED_INTEGER_TYPES)[number];

export const INT: SpecType = { kind: 'int', name: 'int' };

export function isIntegerTypeName(name: string): name is IntegerTypeName {
  return name === 'int' || name === 'nat' || (FIXED_INTEGER_TYPES as readonly string[]).includes(name);
}

/** The Rust type a value of this spec type is stored as in the macro's spec fns (`Seq` stays `Seq`, the macro turns it into Vec/slices). */
export function storageTypeText(type: SpecType): string {
  switch (type.kind) {
    case 'int': return type.name === 'int' || type.name === 'nat' ? 'i128' : type.name;
    case 'bool': return 'bool';
    case 'char': return 'char';
    case 'unit': return '()';
    case 'seq': return `Seq<${storageTypeText(type.element)}>`;
    case 'option': return `Option<${storageTypeText(type.inner)}>`;
    case 'tuple': return `(${type.elements.map(storageTypeText).join(', ')}${type.elements.length === 1 ? ',' : ''})`;
    case 'struct': return type.name;
  }
}

/** How the type is written in Verus, for messages. */
export function describeSpecType(type: SpecType): string {
  switch (type.kind) {
    case 'int': return type.name;
    case 'seq': return `Seq<${describeSpecType(type.element)}>`;
    case 'option': return `Option<${describeSpecType(type.inner)}>`;
    case 'tuple': return `(${type.elements.map(describeSpecType).join(', ')})`;
    case 'struct': return type.name;
    default: return type.kind === 'unit' ? '()' : type.kind;
  }
}

/** Whether values of the two types are stored alike (so the macro can compare or pass them as they are). */
export function sameStorage(left: SpecType, right: SpecType): boolean {
  return storageTypeText(left) === storageTypeText(right);
}

/**
 * The values a type's expressions can take, or null for no bound. usize and isize count as 64 bits
 * when they are a source (every platform's values fit) and as 32 bits when they are a target (so a
 * check is never skipped where a platform's usize is narrower).
 */
export function integerRange(name: IntegerTypeName, as: 'source' | 'target'): { min: bigint | null; max: bigint | null } {
  if (name === 'int') return { min: null, max: null };
  if (name === 'nat') return { min: 0n, max: null };
  const bits = name === 'usize' || name === 'isize' ? (as === 'source' ? 64n : 32n) : BigInt(name.slice(1));
  return name.startsWith('u') ? { min: 0n, max: (1n << bits) - 1n } : { min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n };
}

/** Whether every value of `inner` is a value of `outer`. */
export function rangeWithin(inner: IntegerTypeName, outer: IntegerTypeName): boolean {
  const source = integerRange(inner, 'source');
  const target = integerRange(outer, 'target');
  const lowOk = target.min === null || (source.min !== null && source.min >= target.min);
  const highOk = target.max === null || (source.max !== null && source.max <= target.max);
  return lowOk && highOk;
}

/** The Rust type of an owned exec value of this spec type, as the macro compiles it (`Seq<T>` to `Vec<T>`, a mirrored struct to `ExecName`). */
export function execOwnedTypeText(type: SpecType): string {
  switch (type.kind) {
    case 'seq': return `Vec<${execOwnedTypeText(type.element)}>`;
    case 'option': return `Option<${execOwnedTypeText(type.inner)}>`;
    case 'tuple': return `(${type.elements.map(execOwnedTypeText).join(', ')}${type.elements.length === 1 ? ',' : ''})`;
    case 'struct': return `Exec${type.name}`;
    default: return storageTypeText(type);
  }
}

/** The Rust type the macro gives a parameter of this spec type (a reference for all but integers, bool and char). */
export function execParameterTypeText(type: SpecType): string {
  switch (type.kind) {
    case 'seq': return `&[${execOwnedTypeText(type.element)}]`;
    case 'option':
    case 'tuple':
    case 'struct':
      return `&${execOwnedTypeText(type)}`;
    default: return storageTypeText(type);
  }
}
