import type { Span, SpannedText } from '../core/span.js';
import type { Block } from './block.js';
import type { Clause } from './clause.js';

/** How an `assert` is proved: a `by { ... }` block, or a prover `by(nonlinear_arith)` with optional `requires` and block. */
export type AssertProof =
  | { kind: 'block'; block: Span }
  | { kind: 'prover'; prover: string; proverSpan: Span; requires: Clause | null; block: Span | null };

interface ProofStatementBase {
  /** The whole statement, its `;` included when present. */
  span: Span;
  /** The innermost loop containing the statement, or null. */
  loopId: string | null;
  /** True inside `proof { }`, `by { }` and the bodies of proof functions. */
  inProofContext: boolean;
}

/**
 * The proof-relevant statements of a function body, in source order. Switches over `kind` end in
 * assertNever.
 */
export type ProofStatement =
  | (ProofStatementBase & { kind: 'assert'; expression: SpannedText; proof: AssertProof | null })
  | (ProofStatementBase & {
      kind: 'assert-forall';
      /** The quantifier binders between the bars, e.g. `i: int, j: int`. */
      binders: SpannedText;
      /** The quantified expression (everything before `implies`/`by`). */
      expression: SpannedText;
      /** The conclusion after `implies`, when present. */
      implies: SpannedText | null;
      block: Span | null;
    })
  | (ProofStatementBase & { kind: 'assume'; expression: SpannedText })
  | (ProofStatementBase & { kind: 'admit' })
  | (ProofStatementBase & { kind: 'proof-block'; block: Block })
  | (ProofStatementBase & {
      kind: 'lemma-call';
      /** The called path as written, e.g. `lemma_mul_basics`, `Seq::lemma_push`, `s.lemma_len`. */
      callee: string;
      calleeSpan: Span;
      arguments: SpannedText;
    })
  | (ProofStatementBase & { kind: 'reveal'; macro: 'reveal' | 'reveal_with_fuel' | 'hide'; arguments: SpannedText });

export type ProofStatementKind = ProofStatement['kind'];
