import type { Adaptation } from '../translate/adaptation.js';
import type { ExecType, Passing } from '../types/exec-type.js';
import type { MinedLiterals } from '../inputs/mine-literals.js';
import type { ClauseReference } from '../report/spec-check-report.js';

export interface ParameterPlan {
  /** As written (`self` for a receiver): how inputs and counterexamples name it. */
  name: string;
  /** Its name in the harness's spec fns when it differs (`vr_self` for `self`, which cannot name a parameter there). */
  specName?: string;
  type: ExecType;
  passing: Passing;
}

/** One requires/ensures expression as a spec fn over the parameters (and, for ensures, the after-state and result). */
export interface ClausePlan {
  /** The spec fn's name in the harness: `vr_f<function>_<kind>_<index>`. */
  id: string;
  reference: ClauseReference;
  adapted: Adaptation;
  /** Crate spec fns (and `struct Name` mirrors) the clause uses, transitively. */
  dependencies: string[];
}

/** A function the harness can call: how to pass its parameters and which clauses become checks. */
export interface FunctionCheckPlan {
  index: number;
  /** The qualified name (`Stock::restock` for a method). */
  name: string;
  file: string;
  line: number;
  /** `crate::module::name`, `crate::module::Type::name` for a method (called with the receiver first). */
  callPath: string;
  /** The function is not visible from the harness module: it is called through a public shim added beside it in the scratch copy (addHarnessAccess). */
  throughShim?: boolean;
  parameters: ParameterPlan[];
  /** `specName`: its name in the harness's spec fns when it differs (macroSafeName). */
  result: { name: string | null; specName?: string; type: ExecType };
  clauses: ClausePlan[];
  /** The literals of the function's text and of the spec fns it uses, its inputs are seeded with (absent: none). */
  literals?: MinedLiterals;
}

export type PlannedFunction =
  | { kind: 'plan'; plan: FunctionCheckPlan }
  | { kind: 'not-executable'; name: string; file: string; line: number; reason: string; clauses: ClausePlan[] };
