import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { sharedTargetConfig } from '../fakes/shared-target-config.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { MUTATION_OPERATOR_NAMES } from '../../src/review/mutation-operator.js';
import { reviewCrate } from '../../src/review/review-crate.js';
import { createReviewServices, runReview } from '../../src/review/run-review.js';
import type { ReviewResult } from '../../src/review/review-result.js';
import { MIXED_SOURCE } from './mixed-schema-source.js';
import { copyReviewFixture } from './review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

async function review(name: string, schemata: boolean): Promise<ReviewResult> {
  const crate = copyReviewFixture(name);
  const fake = createFakeSetup('review-oracle');
  // Spec tests on, as review runs by default: mutants past the tests go through the spec-check harness (built from the schema's files with it on).
  const outcome = await runReview({ crateDir: crate, jobs: 1, vacuity: false, specTests: true, cache: false, schemata, environment: fake.environment });
  if (outcome.kind !== 'reviewed') throw new Error(`${name}: ${outcome.message}`);
  return outcome.review;
}

/** A verdict as far as the erased stages decide it: status, and the failing tests or the first build error. */
function describeVerdicts(result: ReviewResult): string[] {
  return result.mutants.map(({ mutant, verdict }) => {
    if (verdict.status === 'killed-by-tests') return `${mutant.id} killed-by-tests ${verdict.failingTests.join(',')}`;
    if (verdict.status === 'stillborn') return `${mutant.id} stillborn ${verdict.detail}`;
    if (verdict.status === 'killed-by-spec-tests') return `${mutant.id} killed-by-spec-tests ${verdict.counterexample}`;
    return `${mutant.id} ${verdict.status}`;
  });
}

// Real cargo for the erased stages (the fixtures' warm target directory); the Verus stage is the fake's review oracle.
describe('review with a mutant schema: the verdicts of building each mutant on its own, at the cost of a few builds', () => {
  for (const name of ['review-max-weak', 'review-max-strong', 'review-search-weak', 'review-search-strong', 'review-vacuity']) {
    it(`${name}: the same verdicts as --no-schemata, the schema built at most 3 times`, async () => {
      const alone = await review(name, false);
      const schema = await review(name, true);
      expect(describeVerdicts(schema)).toEqual(describeVerdicts(alone));
      expect(alone.erasedSchema).toBeUndefined();
      const summary = schema.erasedSchema!;
      expect(summary.abandoned).toBeNull();
      expect(summary.builds).toBeGreaterThanOrEqual(1);
      expect(summary.builds).toBeLessThanOrEqual(3);
      expect(summary.settledBySchema + summary.builtAlone).toBe(schema.mutants.length);
      expect(summary.settledBySchema).toBeGreaterThan(schema.mutants.length / 2);
    }, 900_000);
  }
});


/** Every verifier call verifies: these tests compare what the erased stages decide. */
const ALWAYS_VERIFIED = { runner: 'local' as const, verify: async () => ({ status: 'verified' as const, functions: [], diagnostics: [], toolchain: { verusVersion: null, pinHash: null, imageDigest: null }, command: [], wallTimeMs: 0, origin: { kind: 'recorded' as const, source: 'inline', synthetic: true } }) };

async function reviewMixed(schemata: boolean, jobs: number): Promise<ReviewResult> {
  const crate = copyReviewFixture('review-max-weak', { source: MIXED_SOURCE });
  const fake = createFakeSetup('run-never-called');
  // Each cargo step within 10 s (the variants' limit is the lower of this and ten times the original's):
  // the looping mutants cost that much each, in both modes. The crate builds in a second or two with vstd warm.
  const base = sharedTargetConfig(crate);
  const config = { ...base, runner: 'local' as const, passEnv: FAKE_PASS_ENV, precheck: { ...base.precheck, offline: true, timeoutMs: 10_000 } };
  const services = await createReviewServices(config, fake.environment, { cache: false });
  const outcome = await reviewCrate({ id: `mixed-${schemata}-${jobs}`, crateDir: crate, file: null, functions: [], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs, vacuity: false, schemata }, { ...services, verifier: ALWAYS_VERIFIED });
  if (outcome.kind !== 'reviewed') throw new Error(`mixed: ${outcome.message}`);
  return outcome.review;
}

describe('a mutant schema on stillborn, test-killed and looping mutants (real cargo)', () => {
  it('gives the per-mutant verdicts, the stillborn ones found from the schema build, the looping one timed out under its id', async () => {
    const alone = await reviewMixed(false, 1);
    const schema = await reviewMixed(true, 2);
    const verdicts = describeVerdicts(alone);
    expect(describeVerdicts(schema)).toEqual(verdicts);
    // The fixture exercises each case: it would prove nothing if the verdicts were all alike.
    for (const status of ['stillborn', 'killed-by-tests', 'timed-out', 'survived']) expect(verdicts.some((line) => line.split(' ')[1] === status), `${status} in ${verdicts.join(' | ')}`).toBe(true);
    const stillborn = schema.mutants.filter((entry) => entry.verdict.status === 'stillborn');
    expect(stillborn.map((entry) => entry.verdict)).toEqual(alone.mutants.filter((entry) => entry.verdict.status === 'stillborn').map((entry) => entry.verdict));
    const summary = schema.erasedSchema!;
    expect(summary.abandoned).toBeNull();
    expect(summary.builds).toBeLessThanOrEqual(3);
    expect(summary.builtAlone).toBeLessThan(schema.mutants.length / 4);
  }, 900_000);
});
