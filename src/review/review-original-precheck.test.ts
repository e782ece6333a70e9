import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate, SHARED_TARGET_DIR, VERIFYING_LIB_RS } from '../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';
import type { VerificationTarget, Verifier } from '../core/verifier.js';
import type { VerifierResult } from '../core/verifier-result.js';
import { buildReviewTrailers } from '../ledger/review-record.js';
import { renderReviewMarkdown } from '../report/render-review-markdown.js';
import { renderReviewText } from '../report/render-review-text.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { MUTATION_OPERATOR_NAMES } from './mutation-operator.js';
import type { ReviewEvent } from './review-event.js';
import { reviewCrate } from './review-crate.js';
import { createReviewServices } from './run-review.js';

afterAll(removeTemporaryDirectories);

const TESTS = `\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds_one() {\n        assert_eq!(super::add_one(1), 2);\n    }\n}\n`;

/** A stand-in for Verus (synthetic): the original verifies, every changed file fails. */
function stubVerifier(original: string): Verifier {
  return {
    runner: 'local',
    async verify(target: VerificationTarget): Promise<VerifierResult> {
      const crateDir = target.kind === 'file' ? path.dirname(target.filePath) : target.crateDir;
      const same = readFileSync(path.join(crateDir, 'src', 'lib.rs'), 'utf8') === original;
      const facts = { toolchain: { verusVersion: null, pinHash: null, imageDigest: null }, command: ['stub'], wallTimeMs: 1, origin: { kind: 'recorded' as const, source: 'test stub', synthetic: true } };
      return same ? { ...facts, status: 'verified', functions: [], diagnostics: [] } : { ...facts, status: 'failed', functions: [], diagnostics: [] };
    },
  };
}

async function review(source: string) {
  const crateDir = createTemporaryCrate({ 'src/lib.rs': source });
  const base = defaultVerifierConfig(crateDir);
  const events: ReviewEvent[] = [];
  const services = await createReviewServices({ ...base, runner: 'local', precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } }, process.env, { cache: false, onEvent: (event) => events.push(event) });
  const outcome = await reviewCrate({ id: 'waiver', crateDir, file: null, functions: ['add_one'], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs: 1, vacuity: false }, { ...services, verifier: stubVerifier(source) });
  return { outcome, events };
}

// Real erased cargo in the shared rust-fixtures target directory; the verifier is a synthetic stub.
describe('review when the original fails the erased pre-check but Verus verifies it', () => {
  it('skips cargo build and test for every mutant, and says which stages it skipped and why', async () => {
    const { outcome, events } = await review(`${VERIFYING_LIB_RS}${TESTS}\nextern crate project_helpers;\n`);
    if (outcome.kind !== 'reviewed') throw new Error(`not reviewed: ${outcome.message}`);
    const waiver = { steps: ['build', 'test'], firstError: expect.stringContaining('project_helpers') };
    expect(outcome.review.precheckWaiver).toEqual(waiver);
    expect(events[0]).toMatchObject({ type: 'review-started', precheckWaiver: waiver });
    expect(outcome.review.mutants.length).toBeGreaterThan(0);
    expect(outcome.review.mutants.map((entry) => entry.verdict.settledBy)).not.toContain('build');
    expect(outcome.review.mutants.map((entry) => entry.verdict.settledBy)).not.toContain('test');
    expect(renderReviewText(outcome.review)).toMatch(/^skipped stages: cargo build, cargo test \(the original fails its erased pre-check: .*project_helpers.*; Verus verifies it\)$/m);
    expect(renderReviewMarkdown(outcome.review)).toContain('Skipped stages: cargo build, cargo test');
    expect(buildReviewTrailers(outcome.review)).toContainEqual(['Precheck', expect.stringMatching(/^skipped cargo build, cargo test \(the original fails its erased pre-check: .*project_helpers/)]);
  }, 300_000);

  it('skips only cargo test when the original builds but fails its tests', async () => {
    const { outcome } = await review(`${VERIFYING_LIB_RS}${TESTS.replace('add_one(1), 2', 'add_one(1), 3')}`);
    if (outcome.kind !== 'reviewed') throw new Error(`not reviewed: ${outcome.message}`);
    expect(outcome.review.precheckWaiver).toEqual({ steps: ['test'], firstError: 'test tests::adds_one failed' });
    expect(outcome.review.mutants.map((entry) => entry.verdict.settledBy)).not.toContain('test');
  }, 300_000);
});
