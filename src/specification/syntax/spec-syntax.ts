/**
 * The syntax of a requires/ensures expression or a spec fn body, as far as check-spec translates it
 * for vstd's exec_spec macro (parseSpecExpression). Operator precedence and the scope of `matches`
 * bindings follow verus_syn (dependencies/syn/src/precedence.rs, verus.rs parse_matches).
 */
export type SpecExpression =
  | { kind: 'integer'; value: bigint; suffix: string | null }
  | { kind: 'boolean'; value: boolean }
  /** A char literal, as written. */
  | { kind: 'char'; text: string }
  /** `x`, `u64::MAX`, `Seq::<u64>::empty`: the segments, and the generic arguments of a turbofish. */
  | { kind: 'path'; segments: string[]; generics: SpecTypeSyntax[] }
  | { kind: 'call'; callee: SpecExpression; args: SpecExpression[] }
  | { kind: 'method'; receiver: SpecExpression; name: string; args: SpecExpression[] }
  /** `e.name` or `e.0`. */
  | { kind: 'field'; base: SpecExpression; name: string }
  | { kind: 'index'; base: SpecExpression; index: SpecExpression }
  /** `e@` */
  | { kind: 'view'; base: SpecExpression }
  | { kind: 'cast'; operand: SpecExpression; type: SpecTypeSyntax }
  /** `*e` and `&e` are kept as `*`: in spec code a reference denotes its value. */
  | { kind: 'unary'; operator: '!' | '-' | '*'; operand: SpecExpression }
  | { kind: 'binary'; operator: BinaryOperator; left: SpecExpression; right: SpecExpression }
  /** `a < b`, and Verus's chained comparisons `a <= b < c` (each operand compared with the next). */
  | { kind: 'comparison'; operands: SpecExpression[]; operators: ComparisonOperator[] }
  /** `e matches p`, with the `==>`/`&&` continuation its bindings scope over. */
  | { kind: 'matches'; operand: SpecExpression; pattern: SpecPattern; continuation: { operator: '==>' | '&&'; body: SpecExpression } | null }
  | { kind: 'is'; operand: SpecExpression; variant: string }
  | { kind: 'if'; condition: SpecExpression; then: SpecExpression; otherwise: SpecExpression }
  /** `match e { p if g => a, .. }`; also what `if let p = e { a } else { b }` and `let (x, y) = e;` are read as. */
  | { kind: 'match'; operand: SpecExpression; arms: Array<{ pattern: MatchPattern; guard: SpecExpression | null; body: SpecExpression }> }
  | { kind: 'block'; bindings: Array<{ name: string; value: SpecExpression }>; result: SpecExpression }
  /** An untyped binder (`forall|i| ..`) is read as an int, `untyped` set. */
  | { kind: 'quantifier'; quantifier: 'forall' | 'exists'; binders: Array<{ name: string; type: SpecTypeSyntax; untyped?: boolean }>; body: SpecExpression }
  | { kind: 'tuple'; elements: SpecExpression[] }
  /** `seq![a, b]` */
  | { kind: 'seq-literal'; elements: SpecExpression[] }
  /** `|i: int| body`: translated only as the element function of `Seq::new` (translateSeqNew). */
  | { kind: 'closure'; parameters: Array<{ name: string; type: SpecTypeSyntax | null }>; body: SpecExpression };

export type BinaryOperator =
  | '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>'
  | '&&' | '||' | '==>' | '<==' | '<==>'
  | '==' | '!=' | '=~=' | '=~~=';

export type ComparisonOperator = '<' | '<=' | '>' | '>=';

export type SpecPattern = { kind: 'some'; binding: string | null } | { kind: 'none' };

/** A pattern of a match arm, an if let or a let. */
export type MatchPattern =
  | { kind: 'wildcard' }
  | { kind: 'binding'; name: string }
  /** An integer, char or bool literal. */
  | { kind: 'literal'; value: SpecExpression }
  | { kind: 'range'; low: SpecExpression; high: SpecExpression; inclusive: boolean }
  | { kind: 'some'; inner: MatchPattern }
  | { kind: 'none' }
  | { kind: 'tuple'; elements: MatchPattern[] }
  | { kind: 'or'; alternatives: MatchPattern[] };

/** A type as written: `u64`, `Seq<u64>`, `(u8, bool)` (name `()`), references stripped. */
export interface SpecTypeSyntax {
  name: string;
  arguments: SpecTypeSyntax[];
}

export const CLOSURES = 'closures (spec_fn values) have no exec counterpart in vstd exec_spec';

/** Why a text cannot be read or translated; the reason is shown to the user as is. */
export class SpecTranslationRefusal extends Error {
  override readonly name = 'SpecTranslationRefusal';
}
