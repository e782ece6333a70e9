import type { Span, SpannedText } from '../core/span.js';
import type { Block } from './block.js';
import type { Clause } from './clause.js';
import type { ItemBase } from './item-base.js';
import type { Loop } from './loop.js';
import type { Parameter, ReturnValue } from './parameter.js';
import type { ProofStatement } from './proof-statement.js';
import type { TriggerAnnotation } from './trigger-annotation.js';

/** The mode the verifier checks a function in. */
export type FunctionMode = 'exec' | 'spec' | 'proof';

/** The impl or trait a method belongs to. */
export type FunctionOwner =
  | { kind: 'impl'; selfType: string; traitName: string | null }
  | { kind: 'trait'; traitName: string };

/** A function (free function, method, trait method declaration), inside or outside `verus!`. */
export interface FunctionItem extends ItemBase {
  kind: 'function';
  /**
   * The name qualified by the enclosing inline modules and the impl/trait: `binary_search`,
   * `Counter::increment`, `inner_mod::Counter::increment`. For an impl the last path segment of the
   * self type is used, without generic arguments.
   */
  qualifiedName: string;
  /**
   * The mode words as written (normalized to single spaces): `exec` when there are none, `spec`,
   * `open spec`, `closed spec`, `uninterp spec`, `spec(checked)`, `proof`, `broadcast proof`, `axiom`,
   * `broadcast axiom`, `exec`...
   */
  mode: string;
  baseMode: FunctionMode;
  /** Rust qualifiers in order: `const`, `async`, `unsafe`, `extern "C"`, `default`. */
  qualifiers: string[];
  owner: FunctionOwner | null;
  nameSpan: Span;
  /** From the first qualifier/mode keyword (after attributes and visibility) to the end of the return type or where clause. */
  signatureSpan: Span;
  /** `<T: Copy>`, when present. */
  generics: SpannedText | null;
  parameters: Parameter[];
  returnValue: ReturnValue | null;
  whereClause: SpannedText | null;
  /** The prover of a whole function, e.g. `nonlinear_arith` in `proof fn f(x: int) by (nonlinear_arith) ensures ..`. */
  prover: SpannedText | null;
  /** All clauses in source order. */
  clauses: Clause[];
  /** Null for declarations that end in `;` (`axiom fn`, `uninterp spec fn`, trait method declarations). */
  body: Block | null;
  /** Every loop of the body, preorder. */
  loops: Loop[];
  proofStatements: ProofStatement[];
  /** Manual triggers found in the clauses and the body. */
  triggers: TriggerAnnotation[];
}
