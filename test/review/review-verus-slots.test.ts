import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup } from '../fakes/fake-environment.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { runReview } from '../../src/review/run-review.js';
import { copyReviewFixture } from './review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

/** What the fake cargo-verus logs of one run: its target directory and the units its freshness model compiled again. */
interface CargoVerusRun {
  tool: string;
  cwd: string;
  targetDir?: string;
  builtUnits?: string[];
}

// Real cargo for the erased stages (the fixtures' warm target); the Verus stage is the fake's review
// oracle, whose cargo model judges each unit's freshness per target directory as cargo does
// (test/fakes/model/unit-fingerprint.cjs cites the cargo source).
describe('review: cargo verus runs of the variants build vstd once per job slot', () => {
  it('a review of 20 mutants with --jobs 2 compiles vstd at most twice, in the project\'s slots, while every variant is verified again', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const fake = createFakeSetup('review-oracle');
    const outcome = await runReview({ crateDir: crate, jobs: 2, maxMutants: 20, vacuity: false, specTests: false, cache: false, environment: fake.environment });
    expect(outcome.kind).toBe('reviewed');
    const runs = (fake.readInvocations() as unknown as CargoVerusRun[]).filter((run) => run.tool === 'cargo-verus' && run.cwd !== crate);
    // Variants that reached Verus (stillborn ones and those their tests kill never do): each is a cargo verus run of its own.
    expect(runs.length).toBeGreaterThanOrEqual(5);
    const slots = path.join(crate, '.verus-repair', 'verus-target');
    expect(runs.every((run) => run.targetDir !== undefined && run.targetDir.startsWith(`${slots}${path.sep}slot-`))).toBe(true);
    const vstdBuilds = runs.filter((run) => run.builtUnits?.includes('vstd') === true);
    expect(vstdBuilds.length).toBeGreaterThanOrEqual(1);
    expect(vstdBuilds.length).toBeLessThanOrEqual(2);
    // Each slot builds vstd once: no slot twice.
    expect(new Set(vstdBuilds.map((run) => run.targetDir)).size).toBe(vstdBuilds.length);
    // The root crate is compiled (verified) in every run, fresh vstd or not.
    expect(runs.every((run) => (run.builtUnits ?? []).length >= 1 && !(run.builtUnits ?? []).every((unit) => unit === 'vstd'))).toBe(true);
  }, 600_000);
});
