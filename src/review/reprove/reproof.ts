import type { ModelOrigin } from '../../core/model-origin.js';
import type { VerdictOrigin } from '../../core/verdict-origin.js';

/**
 * What `--reprove` made of a mutant killed by Verus: the repair loop, run on the mutant as its
 * original (exec code frozen by the guard, specs frozen), either found a proof (`proved`: a
 * **proven survivor**, the specification admits this behaviour and here is the proof) or did not.
 * `repository` is the temporary git repository that holds the repair's ledger run, kept for audit.
 * `origins`: who produced the repair's verdicts and where its model answers came from.
 */
export type Reproof =
  | { status: 'proved'; repository: string; ledgerBranch: string; verifiedCommit: string; proof: string; iterations: number; promptTokens: number; completionTokens: number; origins: ReproofOrigins }
  | { status: 'not-proved'; repository: string; ledgerBranch: string; stopReason: string; iterations: number; promptTokens: number; completionTokens: number; origins: ReproofOrigins }
  | { status: 'error'; repository: string | null; message: string };

export interface ReproofOrigins {
  verifier: VerdictOrigin[];
  model: ModelOrigin;
}

/** The per-mutant budget of `--reprove` (`[review] reprove_iterations`, `reprove_max_tokens`). */
export interface ReproveBudget {
  iterations: number;
  maxTokens: number | null;
}
