import type { VerifierStatus } from '../../core/verifier-result.js';
import type { FocusSelection } from './verification-scope-plan.js';

/** One run of a scoped check: what it selected and what it answered. */
export interface ScopedRun {
  command: string[];
  status: VerifierStatus | 'precheck-failed';
  wallTimeMs: number;
  cache: string;
}

/**
 * What a candidate's check verified, for its record. `focused`: the changed functions, each focus
 * run, and the whole-crate confirmation that ran once they all passed (null when they did not).
 * `crate`: the whole crate and why it was not focused.
 */
export type VerificationScopeRecord =
  | { kind: 'focused'; functions: string[]; selections: FocusSelection[]; focused: ScopedRun[]; confirmation: ScopedRun | null; verifierWallTimeMs: number }
  | { kind: 'crate'; functions: string[]; reason: string; run: ScopedRun | null; verifierWallTimeMs: number };
