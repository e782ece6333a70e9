import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { SHARED_TARGET_DIR } from '../fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { MUTATION_OPERATOR_NAMES } from '../../src/review/mutation-operator.js';
import { reviewCrate } from '../../src/review/review-crate.js';
import { createReviewServices } from '../../src/review/run-review.js';
import { defaultVerifierConfig } from '../../src/verifier/config/read-verifier-config.js';
import { LocalVerifier } from '../../src/verifier/runners/local-verifier.js';
import { copyReviewFixture, FIXTURES_ROOT } from './review-fixture-crate.js';

afterAll(removeTemporaryDirectories);

/** Every path under `directory` whose name carries a scratch variant's package name (the copied directory may hold other tests' already). */
function variantEntries(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' }).filter((entry) => entry.includes('-variant-'));
}

/** The registry packages of the fixtures' Cargo.lock (vstd and what it needs): the only units worth copying. */
function registryPackages(): string[] {
  const lock = readFileSync(path.join(FIXTURES_ROOT, 'Cargo.lock'), 'utf8');
  return [...lock.matchAll(/^name = "([^"]+)"\nversion = "[^"]+"\nsource = "registry\+/gm)].map((match) => match[1] as string);
}

/**
 * The dependencies' part of the fixtures' shared target directory (vstd built), file by file: the
 * directory also holds every other test's scratch crates (over a gigabyte), and their cargo runs
 * write and remove files meanwhile; a file that vanishes is not needed.
 */
function copyTargetDirectory(destination: string): void {
  const units = registryPackages().flatMap((name) => [`${name}-`, `${name.replace(/-/g, '_')}-`, `lib${name.replace(/-/g, '_')}-`]);
  const ignoreVanished = (copy: () => void) => {
    try {
      copy();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  // Only the three unit directories, one level at a time: a recursive walk of the whole directory
  // meets rustc's temporary directories, which vanish under it (ENOENT from readdir itself).
  for (const kind of ['deps', 'build', '.fingerprint']) {
    const from = path.join(SHARED_TARGET_DIR, 'debug', kind);
    let entries: string[] = [];
    ignoreVanished(() => { entries = readdirSync(from); });
    for (const unit of entries.filter((name) => units.some((prefix) => name.startsWith(prefix)))) {
      mkdirSync(path.join(destination, 'debug', kind), { recursive: true });
      ignoreVanished(() => cpSync(path.join(from, unit), path.join(destination, 'debug', kind, unit), { preserveTimestamps: true, recursive: true }));
    }
  }
}

/**
 * The user's CARGO_TARGET_DIR (a copy of the fixtures' target directory, so vstd is already built
 * there) and the project's own pre-check directory (another copy), no target_dir configured: what a
 * user who exports CARGO_TARGET_DIR runs.
 */
async function reviewWithUserTarget(name: string, jobs: number): Promise<{ verdicts: string[]; variantArtifacts: string[] }> {
  const crate = copyReviewFixture(name);
  const userTarget = path.join(createTemporaryDirectory('user-target'), 'target');
  copyTargetDirectory(userTarget);
  const before = new Set(variantEntries(userTarget));
  const base = defaultVerifierConfig(crate);
  copyTargetDirectory(base.precheck.defaultTargetDir);
  const fake = createFakeSetup('review-oracle');
  fake.environment['CARGO_TARGET_DIR'] = userTarget;
  const config = { ...base, runner: 'local' as const, passEnv: FAKE_PASS_ENV, precheck: { ...base.precheck, targetDir: null, offline: true } };
  const services = { ...(await createReviewServices(config, fake.environment, { cache: false })), verifier: new LocalVerifier({ config, environment: fake.environment }) };
  const outcome = await reviewCrate({ id: `${name}-${jobs}`, crateDir: crate, file: null, functions: [], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs, vacuity: true }, services);
  if (outcome.kind !== 'reviewed') throw new Error(`${name}: ${outcome.message}`);
  const verdicts = [...outcome.review.mutants.map((entry) => `${entry.mutant.id} ${entry.verdict.status}`), ...outcome.review.vacuity.map((entry) => `${entry.probe.function} ${entry.probe.kind} ${entry.verdict}`)];
  return { verdicts, variantArtifacts: variantEntries(userTarget).filter((entry) => !before.has(entry)) };
}

// Real cargo for the erased stages (vstd already built in the copies); the Verus stage is the fake's review oracle.
describe('review with a shared pre-check target directory (real cargo, synthetic Verus verdicts)', () => {
  for (const name of ['review-search-weak', 'review-search-strong']) {
    it(`${name}: --jobs 4, twice, gives exactly the verdicts of --jobs 1, and the user's CARGO_TARGET_DIR holds no variant's artifacts`, async () => {
      const sequential = await reviewWithUserTarget(name, 1);
      expect(sequential.variantArtifacts).toEqual([]);
      for (let run = 0; run < 2; run++) {
        const parallel = await reviewWithUserTarget(name, 4);
        expect(parallel.verdicts).toEqual(sequential.verdicts);
        expect(parallel.variantArtifacts).toEqual([]);
      }
    }, 600_000);
  }
});
