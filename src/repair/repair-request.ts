import type { GuardPolicy } from '../core/guard-verdict.js';
import type { ModelOrigin } from '../core/model-origin.js';
import type { Prechecker } from '../core/verifier-precheck.js';
import type { VerificationOptions, Verifier } from '../core/verifier.js';
import type { CandidateApplier, EditorSettings, FeedbackLevel, InstructorOptions, MeteredModel, PromptTemplates } from '../agents/index.js';
import type { GitProofLedger } from '../ledger/git-proof-ledger.js';
import type { ResultCache } from '../verifier/cache/result-cache.js';
import type { PinInForce } from '../verifier/toolchain/read-pin-in-force.js';
import type { RepairBudget } from './setup/repair-budget.js';
import type { RepairEventSink } from './repair-event.js';
import type { SpecCheckSettings } from './setup/spec-check-settings.js';

/** What to repair and how: one `verus-repair repair` invocation, after config and flags are merged. */
export interface RepairRequest {
  runId: string;
  /** The git top level of the user's repository. */
  repoDir: string;
  /** The crate, relative to repoDir ('' when the crate is the repository root). */
  crateDir: string;
  /** The file under repair, relative to the crate (e.g. `src/lib.rs`). */
  file: string;
  /** Functions to repair; null means every function the baseline verification reports failing. */
  targetFunctions: string[] | null;
  feedbackLevel: FeedbackLevel;
  /** Tokens for the tactic cards of one guided feedback message; absent = DEFAULT_TACTIC_TOKEN_BUDGET. */
  tacticBudgetTokens?: number;
  samples: number;
  budget: RepairBudget;
  policy: GuardPolicy;
  /** How many pruning rounds a failing candidate gets before the model is asked again. */
  houdiniRounds: number;
  verification: VerificationOptions;
  /** Solver seeds a verified candidate is re-verified under (`--stability N`, `[verifier] stability_seeds`); absent or empty = no stability check. */
  stabilitySeeds?: number[];
  modelName: string;
  /** Where the model answers come from (endpoint or replayed cassette); a resumed run takes it from its own invocation. */
  modelOrigin: ModelOrigin;
  /** Pool size for checking samples side by side. */
  concurrency: number;
  /** The toolchain pin in force (the `Toolchain-Pin` trailer); absent in requests stored before it existed. */
  toolchainPin?: PinInForce | null;
}

/** The collaborators of a run; the CLI wires real ones, tests wire fakes. */
export interface RepairServices {
  model: MeteredModel;
  templates: PromptTemplates;
  applier: CandidateApplier;
  editorSettings: EditorSettings;
  instructorOptions: InstructorOptions;
  verifier: Verifier;
  prechecker: Prechecker | null;
  precheckRunsTests: boolean;
  cache: ResultCache | null;
  ledger: GitProofLedger;
  /** The cassette being recorded (`--record`), so ledger notes can name the lines of each exchange. */
  cassette: { linesWritten(): number } | null;
  emit: RepairEventSink;
  /** How the spec-check harness runs at a counterexample level (src/specification); null or absent = no spec checks. */
  specCheck?: SpecCheckSettings | null;
  /** Milliseconds since some fixed point; injectable for tests. */
  now: () => number;
  /** Aborts the run (Ctrl-C): verifier, pre-check and model calls stop, and nothing half-checked is recorded. */
  signal?: AbortSignal;
}
