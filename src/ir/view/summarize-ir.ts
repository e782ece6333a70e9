import type { ProofStatementKind } from '../proof-statement.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** Counts for the human summary and the JSON document's `summary`. */
export interface IrSummary {
  /** Functions inside `verus!`, by mode label (`exec`, `open spec`, `proof`...). */
  functionsByMode: Record<string, number>;
  verifiedFunctions: number;
  /** Functions outside `verus!` (plain Rust, not verified). */
  unverifiedFunctions: number;
  loops: number;
  /** Expressions of loop `invariant` and `invariant_except_break` clauses. */
  invariants: number;
  asserts: number;
  proofStatementsByKind: Partial<Record<ProofStatementKind, number>>;
  triggers: number;
  skipped: number;
}

export function summarizeIr(ir: VerusFileIr): IrSummary {
  const summary: IrSummary = { functionsByMode: {}, verifiedFunctions: 0, unverifiedFunctions: 0, loops: 0, invariants: 0, asserts: 0, proofStatementsByKind: {}, triggers: 0, skipped: ir.skipped.length };
  for (const fn of ir.functions) {
    if (!fn.insideVerus) {
      summary.unverifiedFunctions++;
      continue;
    }
    summary.verifiedFunctions++;
    summary.functionsByMode[fn.mode] = (summary.functionsByMode[fn.mode] ?? 0) + 1;
    summary.loops += fn.loops.length;
    summary.triggers += fn.triggers.length;
    for (const loop of fn.loops) {
      for (const clause of loop.clauses) {
        if (clause.kind === 'invariant' || clause.kind === 'invariant_except_break') summary.invariants += clause.expressions.length;
      }
    }
    for (const statement of fn.proofStatements) {
      summary.proofStatementsByKind[statement.kind] = (summary.proofStatementsByKind[statement.kind] ?? 0) + 1;
      if (statement.kind === 'assert' || statement.kind === 'assert-forall') summary.asserts++;
    }
  }
  return summary;
}
