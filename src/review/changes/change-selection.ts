/** Why a function is under review in a review of changes (`--since`, `--in-diff`). */
export type ChangeReason =
  /** Its file did not exist at the base: the file is reviewed whole. */
  | { kind: 'file-added' }
  /** The base's version of the file does not parse: the file is reviewed whole. */
  | { kind: 'base-unparsable'; reason: string }
  /** The function is new in a file that existed. */
  | { kind: 'function-added' }
  | { kind: 'exec-changed' }
  | { kind: 'spec-changed' }
  /** Its own text is the same, but a `spec fn` its spec uses (directly or through other spec fns) changed. */
  | { kind: 'uses-changed-spec-fn'; specFunctions: string[] };

/** An exec function with a body, inside `verus!`, selected for review. */
export interface ChangedFunction {
  file: string;
  function: string;
  /** Exec and spec both changed: both reasons, exec first. */
  reasons: ChangeReason[];
}

/** A function of the base that the working tree no longer has (its file deleted, or the function removed). */
export interface DeletedFunction {
  file: string;
  function: string;
  mode: string;
}

/**
 * What changed between a base (a git ref, or the old side of a diff) and the working tree, as the
 * review sees it: the exec functions to review and the functions deleted. `base` names the base as
 * the user gave it, for messages.
 */
export interface ChangeSelection {
  base: string;
  /** Crate-relative Rust files whose text differs (added and deleted files included). */
  changedFiles: string[];
  functions: ChangedFunction[];
  deleted: DeletedFunction[];
}
