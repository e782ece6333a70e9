/**
 * Why a task is left out of every denominator; recorded in summary.json and suite-validation.json.
 * A counted task whose erased pre-check was not plain says so in `precheck` (one line: fixes made to
 * the erased copy, or not applicable because erasure explains its errors); `precheck-failed` means
 * its broken file fails the pre-check with an error Verus sees too (Verus is then not run).
 */
export type TaskValidity =
  | { valid: true; taskId: string; baselineErrors: Record<string, number>; verifierWallMs?: number; precheck?: string }
  | { valid: false; taskId: string; reason: 'precheck-failed' | 'already-verified' | 'verifier-problem'; detail: string; verifierWallMs?: number };
