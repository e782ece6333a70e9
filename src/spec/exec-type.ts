/**
 * The exec types the harness can generate, pass and show, with their spec counterparts in
 * vstd's exec_spec macro (Vec/slices are Seq, Option stays Option, primitive integers and bool
 * stay as they are). Anything else has no generator here.
 */
export type ExecType =
  | { kind: 'int'; name: string }
  | { kind: 'bool' }
  | { kind: 'unit' }
  | { kind: 'vec'; element: ExecType }
  | { kind: 'option'; inner: ExecType }
  | { kind: 'tuple'; elements: ExecType[] };

/** How a parameter receives its value: by value, `&T` / `&[T]`, or `&mut T` / `&mut [T]`. */
export type Passing = 'value' | 'shared' | 'mutable';

export const INTEGER_TYPES = ['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize'] as const;

/** The owned Rust type the harness generates values of. */
export function ownedTypeText(type: ExecType): string {
  switch (type.kind) {
    case 'int': return type.name;
    case 'bool': return 'bool';
    case 'unit': return '()';
    case 'vec': return `Vec<${ownedTypeText(type.element)}>`;
    case 'option': return `Option<${ownedTypeText(type.inner)}>`;
    case 'tuple': return `(${type.elements.map(ownedTypeText).join(', ')},)`;
  }
}

/** The spec type a clause sees the value as (`Seq` for vectors and slices). */
export function specTypeText(type: ExecType): string {
  switch (type.kind) {
    case 'int': return type.name;
    case 'bool': return 'bool';
    case 'unit': return '()';
    case 'vec': return `Seq<${specTypeText(type.element)}>`;
    case 'option': return `Option<${specTypeText(type.inner)}>`;
    case 'tuple': return `(${type.elements.map(specTypeText).join(', ')},)`;
  }
}

/** `reference` (an expression of type `&Owned`) as the argument an exec_<spec fn> takes for it. */
export function specArgumentText(type: ExecType, reference: string): string {
  switch (type.kind) {
    case 'int':
    case 'bool':
      return `*${reference}`;
    case 'vec':
      return `${reference}.as_slice()`;
    case 'unit':
    case 'option':
    case 'tuple':
      return reference;
  }
}
