import type { SpecScope } from '../types/spec-scope.js';
import type { SpecExpression, SpecTypeSyntax } from '../syntax/spec-syntax.js';
import type { IntegerTypeName, SpecType } from '../types/spec-type.js';

/** A translated expression: Rust text for the macro and its spec type (an integer's text is its i128 "wide" form). */
export interface Translated {
  text: string;
  type: SpecType;
}

/**
 * What the translation of one kind of expression (calls, operators, quantifiers, match) asks of the
 * translator that dispatches to it (TypedSpecTranslator, translate-spec-expression.ts): the parts
 * call back into the whole through this interface, so the whole imports the parts and no part
 * imports the whole.
 */
export interface SpecTranslator {
  readonly scope: SpecScope;
  readonly calls: Set<string>;
  /** A translator whose scope also has these variables (binders, `let`s, `matches` bindings). */
  with(variables: ReadonlyMap<string, { text: string; type: SpecType }>): SpecTranslator;
  /** A translator over another scope (a lifted function's), recording calls in the same set. */
  withScope(scope: SpecScope): SpecTranslator;
  translate(expression: SpecExpression, expected?: SpecType): Translated;
  bool(expression: SpecExpression): string;
  wide(expression: SpecExpression): Translated & { type: { kind: 'int'; name: IntegerTypeName } };
  /** The text of `value` stored as `target` (int and nat as i128; a fixed-width integer narrowed with a range check). */
  store(value: Translated, target: SpecType): string;
  /** A stored value as an expression's value: an integer widened to i128. */
  load(text: string, type: SpecType): Translated;
  use(key: string): void;
  field(base: Translated, name: string): Translated;
  index(base: Translated, index: SpecExpression): Translated;
  view(base: Translated): Translated;
  isVariant(operand: Translated, variant: string): Translated;
  /** The spec type of a written type, resolved against the crate's structs. */
  resolveType(syntax: SpecTypeSyntax): SpecType;
}
