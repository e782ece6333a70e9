import type { Span, SpannedText } from '../core/span.js';
import type { Clause } from './clause.js';
import type { FunctionItem } from './function-item.js';
import type { ItemBase } from './item-base.js';
import type { Parameter, ReturnValue } from './parameter.js';
import type { SkippedNote } from './skipped-note.js';

export interface StructItem extends ItemBase {
  kind: 'struct' | 'union';
  generics: SpannedText | null;
}

export interface EnumItem extends ItemBase {
  kind: 'enum';
  generics: SpannedText | null;
  /** Variant names in order. */
  variants: Array<{ name: string; span: Span }>;
}

/** An `impl` block; its methods are FunctionItems with an `impl` owner. */
export interface ImplItem extends ItemBase {
  kind: 'impl';
  /** The self type as written, e.g. `Counter<T>`. */
  selfType: string;
  /** The implemented trait as written, e.g. `View`, or null for an inherent impl. */
  traitName: string | null;
  items: IrItem[];
}

export interface TraitItem extends ItemBase {
  kind: 'trait';
  items: IrItem[];
}

/** `mod name { ... }` (items parsed) or `mod name;` (items null). */
export interface ModuleItem extends ItemBase {
  kind: 'module';
  items: IrItem[] | null;
}

/** `use ...;`, `extern crate ...;`, and Verus's `broadcast use a, b;`. */
export interface UseItem extends ItemBase {
  kind: 'use' | 'extern-crate' | 'broadcast-use';
  /** The listed paths (top-level comma-separated entries of the use tree as written). */
  paths: string[];
}

/** `broadcast group name { a, b }`. */
export interface BroadcastGroupItem extends ItemBase {
  kind: 'broadcast-group';
  members: string[];
}

/** `assume_specification<T> [ path ] (params) -> ret requires ... ensures ...;` (trusted). */
export interface AssumeSpecificationItem extends ItemBase {
  kind: 'assume-specification';
  /** The path between the brackets; also used as `name`. */
  target: string;
  parameters: Parameter[];
  returnValue: ReturnValue | null;
  clauses: Clause[];
}

/** `const`, `static`, `type` aliases, Verus `global` directives, `extern { }` blocks. */
export interface ValueItem extends ItemBase {
  kind: 'const' | 'static' | 'type-alias' | 'global' | 'extern-block';
  /** Mode words before a Verus const (`spec const`), or ''. */
  mode: string;
}

/** A macro invocation or definition at item level (`macro_rules! m {}`, `state_machine! {}`); `verus!` itself is not an item. */
export interface MacroItem extends ItemBase {
  kind: 'macro';
  /** The invoked macro path, e.g. `macro_rules`, `tokenized_state_machine`. */
  macro: string;
}

/** Syntax the IR does not model; the note says what was skipped. */
export interface UnknownItem extends ItemBase {
  kind: 'unknown';
  note: SkippedNote;
}

/** Any item of the IR. Switches over `kind` end in assertNever. */
export type IrItem =
  | FunctionItem
  | StructItem
  | EnumItem
  | ImplItem
  | TraitItem
  | ModuleItem
  | UseItem
  | BroadcastGroupItem
  | AssumeSpecificationItem
  | ValueItem
  | MacroItem
  | UnknownItem;

export type IrItemKind = IrItem['kind'];
