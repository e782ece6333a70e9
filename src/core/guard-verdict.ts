/**
 * The integrity guard's verdict on a candidate. A rejection is data: it becomes targeted feedback
 * for the editor and a `guard-rejected` ledger commit; the candidate never reaches cargo or Verus.
 */
export const GUARD_RULES = [
  'exec-code-changed',
  'exec-function-added',
  'function-removed',
  'function-not-targeted',
  'spec-changed',
  'cheat-construct-added',
  'requires-false',
  'rlimit-above-ceiling',
  'rlimit-raised',
  'edit-outside-verus',
  'file-not-allowed',
  'file-added',
  'module-path-added',
  'module-file-added',
  'include-macro-added',
  'candidate-unparseable',
] as const;

export type GuardRule = (typeof GUARD_RULES)[number];

export interface GuardViolation {
  rule: GuardRule;
  file: string;
  /** The function involved, or null for file-level rules. */
  function: string | null;
  /** 1-based line in the candidate (or the original, for removals). */
  line: number;
  message: string;
}

/** A specification change the policy allowed; flagged in the ledger and confirmed at `apply`. */
export interface AllowedSpecChange {
  function: string;
  clause: string;
}

export type GuardVerdict =
  | { verdict: 'accept'; allowedSpecChanges: AllowedSpecChange[] }
  | { verdict: 'reject'; violations: GuardViolation[]; allowedSpecChanges: AllowedSpecChange[] };

/** What the guard lets a candidate change. Clause selectors look like `binary_search.requires` or `binary_search.*`. */
export interface GuardPolicy {
  allowSpecChanges: string[];
  /** Highest `#[verifier::rlimit(n)]` a candidate may add. */
  rlimitCeiling: number;
  /** `[guard] allow_rlimit_increase`: let a candidate add or raise `#[verifier::rlimit(..)]` (still under the ceiling); absent = false. */
  allowRlimitIncrease?: boolean;
  /** When set, only these functions may change (new proof and spec functions may still be added). */
  targetFunctions?: string[];
}

export const DEFAULT_GUARD_POLICY: GuardPolicy = { allowSpecChanges: [], rlimitCeiling: 60 };
