import type { PrecheckWaiver } from '../verifier/precheck/precheck-waiver.js';

/**
 * Why a task is left out of every denominator; recorded in summary.json and suite-validation.json.
 * A counted task whose broken file fails the erased pre-check (while Verus checks it) says so in
 * `precheckWaiver`; `precheck-failed` means it fails the pre-check and Verus gave no verdict either.
 */
export type TaskValidity =
  | { valid: true; taskId: string; baselineErrors: Record<string, number>; verifierWallMs?: number; precheckWaiver?: PrecheckWaiver }
  | { valid: false; taskId: string; reason: 'precheck-failed' | 'already-verified' | 'verifier-problem'; detail: string; verifierWallMs?: number };
