import type { SpecType } from './spec-type.js';

/**
 * The exec types the harness can generate, pass and show, with their spec counterparts in
 * vstd's exec_spec macro (Vec/slices are Seq, Option stays Option, primitive integers and bool
 * stay as they are, a struct of the crate is mirrored by a struct of the same name inside the
 * macro). Strings and fixed arrays are seen through their views in vstd: `String` and `&str` as
 * `Seq<char>` (string.rs, View for str and String), `[T; N]` as `Seq<T>` (array.rs, View for [T; N]).
 * Anything else has no generator here.
 */
export type ExecType =
  | { kind: 'int'; name: string }
  | { kind: 'bool' }
  | { kind: 'char' }
  /** `String`, or `&str` passed as a reference to one. */
  | { kind: 'string' }
  | { kind: 'array'; element: ExecType; length: number }
  | { kind: 'unit' }
  | { kind: 'vec'; element: ExecType }
  | { kind: 'option'; inner: ExecType }
  | { kind: 'tuple'; elements: ExecType[] }
  /** A struct of the crate whose fields (at most 4) all have generators; `path` is `crate::module::Name`. */
  | { kind: 'struct'; name: string; path: string; fields: Array<{ name: string; type: ExecType }> };

/** How a parameter receives its value: by value, `&T` / `&[T]`, or `&mut T` / `&mut [T]`. */
export type Passing = 'value' | 'shared' | 'mutable';

export const INTEGER_TYPES = ['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize'] as const;

/** The owned Rust type the harness generates values of (for a struct, the harness's value type holding its fields). */
export function ownedTypeText(type: ExecType): string {
  switch (type.kind) {
    case 'int': return type.name;
    case 'bool': return 'bool';
    case 'char': return 'char';
    case 'string': return 'String';
    case 'array': return `[${ownedTypeText(type.element)}; ${type.length}]`;
    case 'unit': return '()';
    case 'vec': return `Vec<${ownedTypeText(type.element)}>`;
    case 'option': return `Option<${ownedTypeText(type.inner)}>`;
    case 'tuple': return `(${type.elements.map(ownedTypeText).join(', ')},)`;
    case 'struct': return structValueName(type.name);
  }
}

/** The spec type a clause sees the value as (`Seq` for vectors and slices). */
export function specTypeText(type: ExecType): string {
  switch (type.kind) {
    case 'int': return type.name;
    case 'bool': return 'bool';
    case 'char': return 'char';
    case 'string': return 'Seq<char>';
    case 'unit': return '()';
    case 'array':
    case 'vec':
      return `Seq<${specTypeText(type.element)}>`;
    case 'option': return `Option<${specTypeText(type.inner)}>`;
    case 'tuple': return `(${type.elements.map(specTypeText).join(', ')},)`;
    case 'struct': return type.name;
  }
}

/** The same, as the typed translation tracks it. */
export function specTypeOfExec(type: ExecType): SpecType {
  switch (type.kind) {
    case 'int': return { kind: 'int', name: type.name as (typeof INTEGER_TYPES)[number] };
    case 'bool': return { kind: 'bool' };
    case 'char': return { kind: 'char' };
    case 'string': return { kind: 'seq', element: { kind: 'char' } };
    case 'unit': return { kind: 'unit' };
    case 'array':
    case 'vec':
      return { kind: 'seq', element: specTypeOfExec(type.element) };
    case 'option': return { kind: 'option', inner: specTypeOfExec(type.inner) };
    case 'tuple': return { kind: 'tuple', elements: type.elements.map(specTypeOfExec) };
    case 'struct': return { kind: 'struct', name: type.name };
  }
}

/** `reference` (an expression of type `&Owned`) as the argument an exec_<spec fn> takes for it. */
export function specArgumentText(type: ExecType, reference: string): string {
  switch (type.kind) {
    case 'int':
    case 'bool':
    case 'char':
      return `*${reference}`;
    case 'vec':
      return `${reference}.as_slice()`;
    case 'array':
      return `&(${reference})[..]`;
    // A temporary of the call's full expression: the view's characters, as the macro's &[char].
    case 'string':
      return `(${reference}).chars().collect::<Vec<char>>().as_slice()`;
    case 'struct':
      return `&${structMirrorFunction(type.name)}(&(${reference}).0)`;
    case 'unit':
    case 'option':
    case 'tuple':
      return reference;
  }
}

/** The harness's value type of a struct: its fields as one generated value (a tuple for 2 to 4 fields). */
export function structValueName(name: string): string {
  return `VrValue${name}`;
}

/** The harness function building the macro's Exec- mirror of a struct from its fields. */
export function structMirrorFunction(name: string): string {
  return `vr_mirror_${snakeCase(name)}`;
}

export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
