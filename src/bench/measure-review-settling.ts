import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSyntheticReviewServices } from '../../test/review/synthetic-review-services.js';
import type { VerdictOrigin } from '../core/verdict-origin.js';
import { MUTATION_OPERATOR_NAMES } from '../review/mutation-operator.js';
import { reviewCrate } from '../review/review-crate.js';

export interface ReviewSettling {
  fixtures: string[];
  mutants: number;
  stillborn: number;
  killedByTests: number;
  killedBySpecTests: number;
  /** Mutants whose verdict came from the (fake) verifier. */
  reachedVerus: number;
  share: number;
  origins: VerdictOrigin[];
}

/**
 * Reviews each fixture with spec tests on (`--jobs 1`, no vacuity probes): the erased build, the
 * tests and the spec-check harness are real cargo; the mutants that reach Verus get the fake
 * cargo-verus's synthetic verdicts (the fixture's review-oracle.json). The share settled before Verus
 * depends only on the real stages.
 */
export async function measureReviewSettling(fixturesRoot: string, fixtures: readonly string[], work: string): Promise<ReviewSettling> {
  const totals = { mutants: 0, stillborn: 0, killedByTests: 0, killedBySpecTests: 0, reachedVerus: 0 };
  const origins: VerdictOrigin[] = [];
  for (const name of fixtures) {
    const crate = path.join(work, 'review', name);
    cpSync(path.join(fixturesRoot, name), crate, { recursive: true, filter: (source) => !source.endsWith('review-oracle.json') && !source.includes(`${path.sep}target`) });
    cpSync(path.join(fixturesRoot, 'Cargo.lock'), path.join(crate, 'Cargo.lock'));
    writeFileSync(path.join(crate, 'Cargo.toml'), `${readFileSync(path.join(crate, 'Cargo.toml'), 'utf8')}\n[workspace]\n`);
    const { services } = await createSyntheticReviewServices(crate, 'review-oracle', undefined, { specTests: true });
    const outcome = await reviewCrate({ id: `spec-bench-${name}`, crateDir: crate, file: null, functions: [], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs: 1, vacuity: false }, services);
    if (outcome.kind !== 'reviewed') throw new Error(`${name}: ${outcome.message}`);
    origins.push(...outcome.review.origins);
    for (const row of outcome.review.functions) {
      totals.mutants += row.mutants;
      totals.stillborn += row.counts.stillborn;
      totals.killedByTests += row.counts['killed-by-tests'];
      totals.killedBySpecTests += row.counts['killed-by-spec-tests'];
    }
    totals.reachedVerus += outcome.review.mutants.filter((entry) => entry.verdict.settledBy === 'verus').length;
  }
  const before = totals.stillborn + totals.killedByTests + totals.killedBySpecTests;
  return { fixtures: [...fixtures], ...totals, share: before / Math.max(1, totals.mutants), origins };
}
