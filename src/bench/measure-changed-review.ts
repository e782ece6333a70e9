import { ReviewChangesRepository, type CrateFunction } from '../../test/review/review-changes-repository.js';
import { removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';
import type { VerdictOrigin } from '../core/verdict-origin.js';
import { selectReviewChanges } from '../review/changes/select-review-changes.js';
import type { MutationOperator } from '../review/mutation-operator.js';
import { runReview } from '../review/run-review.js';

const FUNCTIONS = 20;
const OPERATORS: MutationOperator[] = ['relational-operator', 'return-value', 'negate-condition'];

export interface ChangedReviewTiming {
  functions: number;
  wholeMs: number;
  sinceMs: number;
  wholeMutants: number;
  sinceMutants: number;
  ratio: number;
  origins: VerdictOrigin[];
}

/**
 * A 20-function crate in a git repository, one function changed in the last commit: the review of
 * the whole crate against `--since HEAD~1` (the selection included), the same options for both
 * (operators relational-operator, return-value and negate-condition, vacuity probes on, spec tests
 * off, no cache), real erased cargo builds and tests, and the fake cargo-verus answering each call
 * after 300 ms from a generated oracle (synthetic verdicts: every mutant killed).
 */
export async function measureChangedReview(): Promise<ChangedReviewTiming> {
  const repository = new ReviewChangesRepository({ scenario: 'review-oracle-delayed' });
  try {
    const functions = Array.from({ length: FUNCTIONS }, (_, index) => createFunction(index, 100 + index));
    await repository.write(functions);
    repository.commit('twenty clamps');
    await repository.write(functions.map((fn, index) => (index === 7 ? createFunction(index, 50) : fn)));
    repository.commit('clamp_7 clamps lower');
    const common = { crateDir: repository.crate, operators: OPERATORS, runner: 'local' as const, vacuity: true, specTests: false, cache: false, environment: repository.fake.environment };
    const wholeStarted = performance.now();
    const whole = await runReview(common);
    const wholeMs = performance.now() - wholeStarted;
    const sinceStarted = performance.now();
    const selection = await selectReviewChanges(repository.crate, { kind: 'ref', ref: 'HEAD~1' });
    const since = await runReview({ ...common, functions: selection.functions.map((entry) => entry.function), file: 'src/lib.rs' });
    const sinceMs = performance.now() - sinceStarted;
    if (whole.kind !== 'reviewed' || since.kind !== 'reviewed') throw new Error('the changed-review bench crate was not reviewed');
    return { functions: FUNCTIONS, wholeMs, sinceMs, wholeMutants: whole.review.mutants.length, sinceMutants: since.review.mutants.length, ratio: sinceMs / wholeMs, origins: [...whole.review.origins, ...since.review.origins] };
  } finally {
    removeTemporaryDirectories();
  }
}

function createFunction(index: number, limit: number): CrateFunction {
  return { name: `clamp_${index}`, weak: false, source: `pub fn clamp_${index}(x: u64) -> (r: u64)\n    ensures r <= ${limit},\n{\n    if x > ${limit} { ${limit} } else { x }\n}\n` };
}
