import { SpecTranslationRefusal, type SpecTypeSyntax } from '../syntax/spec-syntax.js';
import { isIntegerTypeName, type SpecType } from './spec-type.js';

/** A spec fn of the crate as the translation calls it: by key (`name`, or `Type::name` for one declared in an impl). */
export interface SpecSignature {
  key: string;
  /** The name of its copy in the harness (the macro calls `exec_<name>`). */
  emittedName: string;
  /** The receiver (`self`) first, for a method. */
  parameters: SpecType[];
  result: SpecType;
  /** Whether it is called as `x.name(..)` (it has a self parameter). */
  method: boolean;
}

/** A struct of the crate as spec code sees it, mirrored by a struct of the same name inside the macro. */
export interface SpecStructShape {
  name: string;
  fields: ReadonlyMap<string, SpecType>;
}

/** What a translated expression may name. */
export interface SpecScope {
  /** By the name written in the clause: the Rust text standing for it and its spec type. */
  variables: ReadonlyMap<string, { text: string; type: SpecType }>;
  /** `old(x)`: the name of the variable holding x's value before the call. */
  oldNames: ReadonlyMap<string, string>;
  functions: ReadonlyMap<string, SpecSignature>;
  structs: ReadonlyMap<string, SpecStructShape>;
  /** Spec fns of the crate that cannot be copied, by key, with the reason (a call of one is refused with it). */
  unavailable?: ReadonlyMap<string, string>;
  /** Names the crate imports from vstd (`use vstd::math::abs as vabs;` gives vabs → vstd, math, abs), for vstd's spec fns. */
  imports?: ReadonlyMap<string, readonly string[]>;
  /** Where items lifted out of the expression go (Seq::new's element function); without it a closure is refused. */
  lift?: LiftedItems;
}

/** The items a translation lifts out of its expression, named after their container so that they are unique in the harness. */
export interface LiftedItems {
  prefix: string;
  /** Spec fns for the macro, emitted in the container's block. */
  items: string[];
  /** Plain Rust emitted after the block. */
  glue: string[];
}

/** The spec type of a written type (`Seq<u64>`, `Vec<u64>` as its view, `Self` as the impl's struct), or a refusal. */
export function resolveSpecType(syntax: SpecTypeSyntax, structs: ReadonlyMap<string, SpecStructShape>, selfType: string | null = null): SpecType {
  const name = syntax.name === 'Self' && selfType !== null ? selfType : syntax.name;
  const only = (): SpecType => {
    if (syntax.arguments.length !== 1) throw new SpecTranslationRefusal(`type ${name} needs one type argument`);
    return resolveSpecType(syntax.arguments[0]!, structs, selfType);
  };
  if (isIntegerTypeName(name)) return { kind: 'int', name };
  switch (name) {
    case 'bool': return { kind: 'bool' };
    case 'char': return { kind: 'char' };
    case '()': return syntax.arguments.length === 0 ? { kind: 'unit' } : { kind: 'tuple', elements: syntax.arguments.map((argument) => resolveSpecType(argument, structs, selfType)) };
    case 'Seq':
    case 'Vec':
      return { kind: 'seq', element: only() };
    case 'Option':
      return { kind: 'option', inner: only() };
    case 'Box':
      return only();
  }
  if (structs.has(name) && syntax.arguments.length === 0) return { kind: 'struct', name };
  throw new SpecTranslationRefusal(`type ${name} has no exec counterpart here (supported: integers, int, nat, bool, char, Seq/Vec, Option, tuples and the crate's non-generic structs)`);
}
