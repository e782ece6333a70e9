import type { VerdictOrigin } from '../../core/verdict-origin.js';
import { describeReproofModelOrigins, describeReviewOrigins } from '../collect-review-origins.js';
import type { Reproof } from '../reprove/reproof.js';
import type { ReviewResult } from '../review-result.js';
import type { OriginalPrecheckNote } from '../original-precheck-note.js';
import { canonicalJson, sha256Hex } from '../../core/source-digest.js';

export { REVIEW_BRANCH_PREFIX, REVIEW_NOTES_REF } from '../../ledger/review-refs.js';

/** The git note of a review commit: what is needed to regenerate and audit every mutant. */
export interface ReviewNote {
  format: 'verus-repair-review/1';
  reviewId: string;
  /** Crate directory relative to the repository root ('' for the root). */
  crate: string;
  files: string[];
  functions: string[];
  operators: string[];
  seed: number;
  sampledWithSeed: number | null;
  /** How `maxMutants` sampled (generateMutants' `sampling`): `rewrites` in every note written since; absent in older notes, which sampled built mutants. */
  sampling?: 'rewrites' | 'mutants';
  maxMutants: number | null;
  /** Who produced the review's verdicts (ReviewResult.origins). Notes written before it existed carry a `provenance` label instead. */
  origins: VerdictOrigin[];
  /** `counterexample`: for a mutant killed by spec tests, the input and what it broke. */
  mutants: Array<{ id: string; operator: string; file: string; function: string; line: number; column: number; sourceSha256: string; verdict: string; settledBy: string | null; reproof?: Reproof; counterexample?: string }>;
  vacuity: Array<{ kind: string; function: string; line: number; verdict: string }>;
  entailment?: Array<{ function: string; direction: string; verdict: string }>;
  /** The original's spec tests per function (status, executable clauses, counterexamples, weak-postcondition witness); absent when spec tests were off or in older notes. */
  specChecks?: Array<{ function: string; file: string; line: number; status: string; executableClauses: number; clauses: number; notExecutable: string[]; counterexamples: string[]; weakWitness: string | null; reason: string | null }>;
  /** The original's erased pre-check when it was not a plain pass (absent: it passed, or an older note). */
  originalPrecheck?: OriginalPrecheckNote;
  /** Older notes only (the removed pre-check waiver): the steps the review skipped. Read, never written; the note's digest covers it as stored. */
  precheckWaiver?: { steps: string[]; firstError: string };
}

/** The note of a review of the crate at `crate` (relative to the repository root): every mutant with its verdict, the probes, the entailment checks. */
export function buildReviewNote(review: ReviewResult, crate: string): ReviewNote {
  return {
    format: 'verus-repair-review/1',
    reviewId: review.id,
    crate,
    files: review.files,
    functions: review.requestedFunctions,
    operators: review.operators,
    seed: review.seed,
    sampledWithSeed: review.sampledWithSeed,
    sampling: 'rewrites',
    maxMutants: review.maxMutants,
    origins: review.origins,
    mutants: review.mutants.map(({ mutant, verdict, reproof }) => ({ id: mutant.id, operator: mutant.operator, file: mutant.file, function: mutant.function, line: mutant.line, column: mutant.column, sourceSha256: mutant.sourceSha256, verdict: verdict.status, settledBy: verdict.settledBy, ...(reproof === undefined ? {} : { reproof }), ...(verdict.status === 'killed-by-spec-tests' ? { counterexample: verdict.counterexample } : {}) })),
    vacuity: review.vacuity.map((result) => ({ kind: result.probe.kind, function: result.probe.function, line: result.probe.line, verdict: result.verdict })),
    entailment: review.entailment.map((result) => ({ function: result.function, direction: result.direction, verdict: result.verdict })),
    ...(review.specChecks === undefined ? {} : { specChecks: review.specChecks.map(({ function: name, file, line, status, executableClauses, clauses, notExecutable, counterexamples, weakWitness, reason }) => ({ function: name, file, line, status, executableClauses, clauses, notExecutable, counterexamples, weakWitness, reason })) }),
    ...(review.originalPrecheck === undefined ? {} : { originalPrecheck: review.originalPrecheck }),
  };
}

/** The `Note-SHA256` trailer of a review commit: sha256 of the note's canonical JSON (keys sorted), as repair commits have. */
export function digestReviewNote(note: ReviewNote): string {
  // Through JSON first: the digest is of the note as git stores it (no undefined fields), so audit's parsed note hashes the same.
  return sha256Hex(canonicalJson(JSON.parse(JSON.stringify(note))));
}

/** The trailers of a review commit (`Note-SHA256` is added when the note is written: recordReview). */
export function buildReviewTrailers(review: ReviewResult): Array<[string, string]> {
  const count = (status: string) => String(review.mutants.filter((entry) => entry.verdict.status === status).length);
  const proven = review.mutants.filter((entry) => entry.reproof?.status === 'proved').length;
  const killed = review.mutants.filter((entry) => entry.verdict.status === 'killed-by-tests' || entry.verdict.status === 'killed-by-spec-tests' || entry.verdict.status === 'killed-by-verus').length - proven;
  const scorable = review.mutants.filter((entry) => !['stillborn', 'timed-out', 'unsettled'].includes(entry.verdict.status)).length;
  const vacuous = review.vacuity.filter((result) => result.verdict === 'vacuous').length;
  return [
    ['Review-Id', review.id],
    ['Source-SHA256', review.sourceSha256],
    ['Mutants', String(review.mutants.length)],
    ['Stillborn', count('stillborn')],
    ['Killed-By-Tests', count('killed-by-tests')],
    ['Killed-By-Spec-Tests', count('killed-by-spec-tests')],
    ['Killed-By-Verus', count('killed-by-verus')],
    ['Survived', count('survived')],
    ...(review.reprove === true ? [['Proven-Survivors', String(proven)] as [string, string]] : []),
    ['Timed-Out', count('timed-out')],
    ['Unsettled', count('unsettled')],
    ['Mutation-Score', scorable === 0 ? 'none' : (killed / scorable).toFixed(3)],
    ['Vacuity', review.vacuity.length === 0 ? 'not-checked' : vacuous === 0 ? 'none' : `${vacuous} finding(s)`],
    ['Spec-Tests', describeSpecTests(review)],
    ['Entailment', review.against === null ? 'not-checked' : `${review.entailment.filter((result) => result.verdict === 'fails').length} failure(s) of ${review.entailment.length} since ${review.against}`],
    ['Verus-Version', review.verusVersion ?? 'unknown'],
    ['Verifier', describeReviewOrigins(review)],
    ...(review.originalPrecheck === undefined ? [] : [['Precheck', review.originalPrecheck.detail] as [string, string]]),
    ...(review.reprove === true ? [['Model-Origin', describeReproofModelOrigins(review.mutants)] as [string, string]] : []),
  ];
}

/** The `Spec-Tests` trailer: `off`, or the original's counterexamples and weak-postcondition witnesses, and how many functions were checked. */
function describeSpecTests(review: ReviewResult): string {
  if (review.specChecks === undefined) return 'off';
  const checked = review.specChecks.filter((check) => check.status === 'checked').length;
  const counterexamples = review.specChecks.reduce((total, check) => total + check.counterexamples.length, 0);
  const witnesses = review.specChecks.filter((check) => check.weakWitness !== null).length;
  return `${checked} of ${review.specChecks.length} function(s) checked; ${counterexamples} counterexample(s); ${witnesses} weak-postcondition witness(es)`;
}
