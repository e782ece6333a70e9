import type { SchemaSummary } from './schemata/mutant-schema.js';
import type { VerdictOrigin } from '../core/verdict-origin.js';
import type { OriginalPrecheckNote } from './original-precheck-note.js';
import type { EntailmentResult } from '../specification/index.js';
import type { FunctionReview } from './function-review.js';
import type { Mutant } from './mutant.js';
import type { MutantVerdict } from './mutant-verdict.js';
import type { Reproof } from './reprove/reproof.js';
import type { ReviewSpecCheck } from './spec-tests/review-spec-check.js';
import type { TrustedAssumption } from './trusted-assumption.js';
import type { VacuityResult } from './vacuity-probe.js';

export interface SettledMutant {
  mutant: Mutant;
  verdict: MutantVerdict;
  /** `--reprove`, for a mutant killed by Verus: what the repair loop made of it. */
  reproof?: Reproof;
}

/** Everything a review found; the reports, the NDJSON summary and the git record are views of it. */
export interface ReviewResult {
  id: string;
  crateDir: string;
  files: string[];
  /** sha256 over the reviewed files (path and text of each, in order). */
  sourceSha256: string;
  operators: string[];
  seed: number;
  /** `--max-mutants` as requested (null = all) and the `--fn` names (empty = all): what an audit regenerates from. */
  maxMutants: number | null;
  requestedFunctions: string[];
  sampledWithSeed: number | null;
  /** The sample was drawn from proposed rewrites before building them (then `totalMutants` counts rewrites). */
  sampledFromRewrites?: boolean;
  /** Distinct mutants before sampling. */
  totalMutants: number;
  mutants: SettledMutant[];
  vacuity: VacuityResult[];
  trusted: TrustedAssumption[];
  /** `--against REF`: the ref, the entailment checks of changed specs, and the trusted assumptions added since REF. */
  against: string | null;
  entailment: EntailmentResult[];
  trustedAdded: TrustedAssumption[] | null;
  functions: FunctionReview[];
  /** The distinct origins of all its verifier verdicts (original, mutants, probes, entailment, re-proofs), the original's first. */
  origins: VerdictOrigin[];
  verusVersion: string | null;
  generationMs: number;
  /** `--reprove` was asked (mutants killed by Verus carry a `reproof`). */
  reprove?: boolean;
  /** The spec tests of the original's reviewed functions (counterexamples, weak-postcondition witnesses); absent when spec tests were off. */
  specChecks?: ReviewSpecCheck[];
  /** The mutant schema of the erased stages (absent: `--no-schemata`, or fewer than two mutants). */
  erasedSchema?: SchemaSummary;
  /** Surviving mutants, proven survivors, vacuous probes, failed entailment directions, the original's counterexamples and weak-postcondition witnesses: the exit code is 1 when this is not zero. */
  findings: number;
  /** The original's erased pre-check when it was not a plain pass (absent: it passed as it is). */
  originalPrecheck?: OriginalPrecheckNote;
}

/** Why a review did not run its mutants: the original must build, pass its tests and verify first. */
export type ReviewOutcome =
  | { kind: 'reviewed'; review: ReviewResult }
  | { kind: 'original-not-checked'; stage: 'build' | 'test' | 'verify'; message: string; toolchain: boolean };
