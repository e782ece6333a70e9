/**
 * One `cargo verus focus` invocation of a focused check: a module (null = the crate root) and,
 * when exactly one of its functions changed and Verus can select it unambiguously, that function's
 * `--verify-function` name (`pop`, `Stack::pop`); null verifies the whole module.
 */
export interface FocusSelection {
  module: string | null;
  function: string | null;
  /** The changed functions (IR qualified names) this invocation covers. */
  covers: string[];
}

/**
 * What a candidate's check verifies. `focused`: the changed functions and new lemmas, one
 * invocation per module, confirmed on the whole crate when they pass. `crate`: the whole crate,
 * with the reason focusing was not possible or not wanted (recorded with the candidate).
 */
export type VerificationScopePlan =
  | { kind: 'focused'; functions: string[]; selections: FocusSelection[] }
  | { kind: 'crate'; functions: string[]; reason: string };
