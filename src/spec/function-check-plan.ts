import type { Adaptation } from './adaptation.js';
import type { ExecType, Passing } from './exec-type.js';
import type { ClauseReference } from './spec-check-report.js';

export interface ParameterPlan {
  name: string;
  type: ExecType;
  passing: Passing;
}

/** One requires/ensures expression as a spec fn over the parameters (and, for ensures, the after-state and result). */
export interface ClausePlan {
  /** The spec fn's name in the harness: `vr_f<function>_<kind>_<index>`. */
  id: string;
  reference: ClauseReference;
  adapted: Adaptation;
  /** Crate spec fns the clause calls, transitively. */
  dependencies: string[];
}

/** A function the harness can call: how to pass its parameters and which clauses become checks. */
export interface FunctionCheckPlan {
  index: number;
  name: string;
  file: string;
  line: number;
  /** `crate::module::name`. */
  callPath: string;
  parameters: ParameterPlan[];
  result: { name: string | null; type: ExecType };
  clauses: ClausePlan[];
}

export type PlannedFunction =
  | { kind: 'plan'; plan: FunctionCheckPlan }
  | { kind: 'not-executable'; name: string; file: string; line: number; reason: string; clauses: ClausePlan[] };
