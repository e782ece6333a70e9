import type { TacticRecord } from '../agents/feedback/tactic-selection.js';
import type { GuardViolation } from '../core/guard-verdict.js';
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

/** Everything a finished (or stopped) repair run reports, in Markdown, HTML and JSON. */
export interface RunReport {
  runId: string;
  crate: string;
  targetFunctions: string[];
  model: string;
  feedbackLevel: string;
  /** `replay` when the model answers came from a cassette. */
  modelSource: 'live' | 'replay';
  verifierSource: 'real' | 'synthetic';
  outcome: 'verified' | 'not-verified';
  stopReason: string;
  ledgerBranch: string;
  iterations: IterationReport[];
  totals: { promptTokens: number; completionTokens: number; costUsd: number | null; wallTimeMs: number };
}
