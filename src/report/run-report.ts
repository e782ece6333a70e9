import type { TacticRecord } from '../agents/feedback/tactic-selection.js';
import type { GuardViolation } from '../core/guard-verdict.js';
import type { ModelOrigin } from '../core/model-origin.js';
import type { VerdictOrigin } from '../core/verdict-origin.js';
import type { ProofResultLabel } from '../ledger/proof-trailers.js';

/** One checked candidate as the run report shows it. */
export interface CandidateReport {
  iteration: number;
  sample: number;
  /** `model` for editor proposals, `houdini` for pruned retries. */
  origin: 'model' | 'houdini';
  result: ProofResultLabel;
  commit: string | null;
  /** Unified diff against the original source. */
  diff: string;
  errors: Array<{ kind: string; message: string; file: string | null; line: number | null }>;
  guardViolations: GuardViolation[];
  wallTimeMs: number;
  /** Loop invariants of this candidate falsified by running the erased code, before (and instead of) Verus: one readable line each. */
  falsifiedInvariants?: string[];
  /** For a verified candidate with a stability check: `stable 3/3` or `unstable 2/3`, the seeds that failed, and the Rlimit-Margin line. */
  stability?: CandidateStability;
}

/** A candidate's proof-stability check as reports show it (src/verifier/stability). */
export interface CandidateStability {
  label: string;
  stable: boolean;
  failedSeeds: number[];
  /** Seeds whose run gave no verdict (a toolchain error, a crash); absent in older reports. */
  undecidedSeeds?: number[];
  rlimitMargin: string;
  nearLimit: boolean;
}

/** The original's spec check at a counterexample level (docs/spec-check.md): executable clauses, counterexamples, the stop it caused. */
export interface RunSpecCheck {
  executableClauses: number;
  clauses: number;
  counterexamples: string[];
  functions: Array<{ function: string; executableClauses: number; clauses: number; tried: number; satisfyingRequires: number; counterexamples: string[]; reason: string | null }>;
  skipped: string | null;
  stop: string | null;
}

export interface IterationReport {
  iteration: number;
  candidates: CandidateReport[];
  /** The instructor's advice that followed this iteration (auto feedback), if any. Guidance, not evidence. */
  instructorAdvice: string | null;
  /** The feedback text sent to the editor after this iteration. */
  feedback: string | null;
  /** The tactic cards chosen for that feedback (`guided`, `auto+guided`): budget, cards, clauses, cuts. */
  tactics?: TacticRecord | null;
  promptTokens: number;
  completionTokens: number;
  wallTimeMs: number;
}

/** A structured origin and the line every report prints for it (JSON readers get both). */
export interface DescribedOrigin<Origin> {
  origin: Origin;
  description: string;
}

/** Everything a finished (or stopped) repair run reports, in Markdown, HTML and JSON. */
export interface RunReport {
  runId: string;
  crate: string;
  targetFunctions: string[];
  model: string;
  feedbackLevel: string;
  /** Where the model answers came from (endpoint or replayed cassette), with its one-line description. */
  modelOrigin: DescribedOrigin<ModelOrigin>;
  /** Every distinct origin of the run's verdicts, in order of first use (a cache hit names the run that filled it). */
  verifierOrigins: Array<DescribedOrigin<VerdictOrigin>>;
  outcome: 'verified' | 'not-verified';
  /** At a counterexample level: the original's spec check (absent at other levels and on resumed runs). */
  specCheck?: RunSpecCheck;
  /** With a stability check: the winning candidate's `stable N/N` or `unstable k/N` (null when none verified or no check ran). */
  stability?: string | null;
  stopReason: string;
  ledgerBranch: string;
  iterations: IterationReport[];
  /** `cachedPromptTokens`: of `promptTokens`, those served from the provider's prompt cache (absent in reports written before it was counted). */
  totals: { promptTokens: number; cachedPromptTokens?: number; completionTokens: number; costUsd: number | null; wallTimeMs: number };
}
