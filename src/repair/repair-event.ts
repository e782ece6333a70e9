import type { TacticRecord } from '../agents/feedback/tactic-selection.js';
import type { ModelAdaptedEvent } from '../agents/adapt/model-adaptation.js';
import type { ModelWaitEvent } from '../agents/model/model-wait-event.js';
import type { GuardViolation } from '../core/guard-verdict.js';
import type { ModelOrigin } from '../core/model-origin.js';
import type { VerdictOrigin } from '../core/verdict-origin.js';
import type { ProofResultLabel } from '../ledger/proof-trailers.js';
import type { PinInForce } from '../verifier/toolchain/read-pin-in-force.js';
import type { FunctionSpecSummary } from './candidates/candidate-counterexamples.js';

/** Which step a candidate is in, for live progress. */
export type CandidateStage = 'guard' | 'precheck' | 'verify';

/**
 * What a repair run reports as it goes: rendered live on a TTY, or printed as NDJSON with `--json`.
 * Switches over `type` end in assertNever.
 */
export type RepairEvent =
  | { type: 'run-started'; runId: string; crate: string; file: string; model: string; modelOrigin: ModelOrigin; feedbackLevel: string; samples: number; iterations: number; resumedFrom: number; untrackedLeftOut: string[]; toolchainPin?: PinInForce | null }
  /** `verifierOrigin`: who produced the baseline's verdict (null when none was reached, e.g. a failed pre-check). */
  /** `precheck`: the original's erased pre-check when it was not plain (fixes made to the erased copy, or not applicable: erasure explains its errors), on one line; null otherwise. */
  | { type: 'baseline'; result: ProofResultLabel; failingFunctions: string[]; errors: Record<string, number>; verifierOrigin: VerdictOrigin | null; precheck?: string | null }
  /** At a counterexample level: the original's spec check (executable clauses of the targets, counterexamples, and the stop it causes when the claim is false and frozen). */
  | { type: 'spec-check'; functions: FunctionSpecSummary[]; executableClauses: number; clauses: number; counterexamples: string[]; skipped: string | null; stop: string | null }
  /** A candidate whose added loop invariant was false on a concrete run: rejected (or pruned) before any Verus call. */
  | { type: 'invariant-falsified'; iteration: number; sample: number; origin: 'model' | 'houdini'; falsified: string[] }
  | { type: 'iteration-started'; iteration: number }
  | { type: 'candidate-stage'; iteration: number; sample: number; origin: 'model' | 'houdini'; stage: CandidateStage }
  | { type: 'candidate-skipped'; iteration: number; sample: number; reason: 'identical' | 'format-error'; detail: string }
  | { type: 'candidate-checked'; iteration: number; sample: number; origin: 'model' | 'houdini'; result: ProofResultLabel; errors: Record<string, number>; violations: GuardViolation[]; commit: string; wallTimeMs: number; stability?: string }
  | { type: 'instructor-advice'; iteration: number; advice: string }
  | { type: 'feedback'; iteration: number; level: string; text: string; tactics?: TacticRecord | null }
  /** `cachedTokens`: of the prompt tokens so far, those the provider served from its prompt cache (priced at cached_input_per_million). */
  | { type: 'budget'; tokens: number; cachedTokens: number; costUsd: number | null; elapsedMs: number; calls: number }
  /** `model-waiting` (at once and every few seconds) and `model-finished`: the run is waiting on the model. */
  | ModelWaitEvent
  /** The endpoint refused a parameter; it is dropped or changed for the rest of the run (once per parameter). */
  | ModelAdaptedEvent
  /** A fresh run stopped before it recorded anything: its branch and worktree were removed. */
  | { type: 'run-discarded'; runId: string; reason: string }
  /** `verifierOrigins`: every distinct origin of the run's verdicts; `modelOrigin`: where its model answers came from. */
  | { type: 'run-finished'; runId: string; outcome: 'verified' | 'not-verified'; stopReason: string; ledgerBranch: string; reportFiles: string[]; verifierOrigins: VerdictOrigin[]; modelOrigin: ModelOrigin; stability?: string | null };

export type RepairEventSink = (event: RepairEvent) => void;
