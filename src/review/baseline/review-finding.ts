import { assertNever } from '../../core/assert-never.js';
import type { VacuityKind } from '../vacuity-probe.js';

/** The kinds of finding a review reports; each is one SARIF rule. */
export type ReviewFindingKind = 'surviving-mutant' | 'proven-survivor' | VacuityKind | 'precondition-strengthened' | 'postcondition-weakened' | 'spec-counterexample' | 'weak-postcondition-witness';

/** Which entry of the review a finding comes from: how renderers find it again. */
export type FindingSource =
  | { kind: 'mutant'; id: string }
  | { kind: 'vacuity'; index: number }
  | { kind: 'entailment'; index: number }
  | { kind: 'spec-counterexample'; check: number; index: number }
  | { kind: 'weak-witness'; check: number };

/**
 * One finding of a review with a fingerprint that survives line moves: it hashes the file, the
 * function's qualified name, the kind and the normalised text of the code the finding is about (the
 * mutated line and its change, the probed line, the clauses, the counterexample), never a line
 * number. Equal texts in one function are told apart by their order.
 */
export interface ReviewFinding {
  fingerprint: string;
  kind: ReviewFindingKind;
  file: string;
  function: string;
  line: number;
  column: number;
  /** One line, as annotations and summaries show it. */
  message: string;
  /** A surviving mutant's unified diff; null for other kinds. */
  diff: string | null;
  source: FindingSource;
}

/** A stable key of a finding's source within one review. */
export function findingSourceKey(source: FindingSource): string {
  switch (source.kind) {
    case 'mutant':
      return `mutant:${source.id}`;
    case 'vacuity':
    case 'entailment':
      return `${source.kind}:${source.index}`;
    case 'spec-counterexample':
      return `spec-counterexample:${source.check}:${source.index}`;
    case 'weak-witness':
      return `weak-witness:${source.check}`;
    default:
      return assertNever(source, 'finding source');
  }
}
