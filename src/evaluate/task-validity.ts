/** Why a task is left out of every denominator; recorded in summary.json and suite-validation.json. */
export type TaskValidity =
  | { valid: true; taskId: string; baselineErrors: Record<string, number>; verifierWallMs?: number }
  | { valid: false; taskId: string; reason: 'precheck-failed' | 'already-verified' | 'verifier-problem'; detail: string; verifierWallMs?: number };
