import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate, SHARED_TARGET_DIR, VERIFYING_LIB_RS } from '../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';
import type { VerificationTarget, Verifier } from '../core/verifier.js';
import type { VerifierResult } from '../core/verifier-result.js';
import { buildReviewTrailers } from './record/review-record.js';
import { renderReviewMarkdown } from './report/render-review-markdown.js';
import { renderReviewText } from './report/render-review-text.js';
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
  const outcome = await reviewCrate({ id: 'original-precheck', crateDir, file: null, functions: ['add_one'], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs: 1, vacuity: false }, { ...services, verifier: stubVerifier(source) });
  return { outcome, events };
}

// Real erased cargo in the shared rust-fixtures target directory; the verifier is a synthetic stub.
describe('review and the original\'s erased pre-check', () => {
  it('goes on when erasure explains the original\'s build failure (not applicable), pre-checking every mutant itself', async () => {
    const { outcome, events } = await review(`use vstd::math::abs;\n${VERIFYING_LIB_RS}${TESTS}`);
    if (outcome.kind !== 'reviewed') throw new Error(`not reviewed: ${outcome.message}`);
    expect(outcome.review.originalPrecheck).toMatchObject({ outcome: 'not-applicable', detail: expect.stringMatching(/^not applicable \(src\/lib\.rs:1: vstd::math::abs is a spec fn.*\); Verus runs$/) });
    expect(events[0]).toMatchObject({ type: 'review-started', originalPrecheck: { outcome: 'not-applicable' } });
    expect(outcome.review.mutants.length).toBeGreaterThan(0);
    expect(outcome.review.mutants.every((entry) => entry.verdict.status === 'killed-by-verus' || entry.verdict.status === 'stillborn')).toBe(true);
    expect(renderReviewText(outcome.review)).toMatch(/^erased pre-check of the original: not applicable \(.*vstd::math::abs.*\); Verus runs$/m);
    expect(renderReviewMarkdown(outcome.review)).toContain('Erased pre-check of the original: not applicable');
    expect(buildReviewTrailers(outcome.review)).toContainEqual(['Precheck', expect.stringMatching(/^not applicable \(.*vstd::math::abs/)]);
  }, 300_000);

  it('stops before Verus when the original has a type error in exec code, even when the verifier would verify it', async () => {
    const { outcome } = await review(`use vstd::math::abs;\n${VERIFYING_LIB_RS.replace('    x + 1\n', '    let flag: bool = x;\n    x + 1\n')}`);
    expect(outcome).toMatchObject({ kind: 'original-not-checked', stage: 'build', message: expect.stringContaining('E0308') });
  }, 300_000);

  it('skips only cargo test when the original builds but fails its tests', async () => {
    const { outcome } = await review(`${VERIFYING_LIB_RS}${TESTS.replace('add_one(1), 2', 'add_one(1), 3')}`);
    if (outcome.kind !== 'reviewed') throw new Error(`not reviewed: ${outcome.message}`);
    expect(outcome.review.originalPrecheck).toMatchObject({ outcome: 'tests-skipped', detail: expect.stringContaining('test tests::adds_one failed') });
    expect(outcome.review.mutants.map((entry) => entry.verdict.settledBy)).not.toContain('test');
  }, 300_000);
});

/** The mutant schemas in `directory` (materializeCrate names them so). */
const schemaCopies = (directory: string) => readdirSync(directory).filter((name) => name.startsWith('verus-repair-review-schema-'));

// Real erased cargo; the verifier is a synthetic stub that rejects the original, looking meanwhile for the schema's copy.
describe('review: Verus on the original, and the mutant phase prepared meanwhile', () => {
  const originalTmpdir = process.env['TMPDIR'];
  const ownTmpdir = mkdtempSync(path.join(tmpdir(), 'review-overlap-'));
  afterAll(() => {
    if (originalTmpdir === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = originalTmpdir;
    rmSync(ownTmpdir, { recursive: true, force: true });
  });

  async function reviewRejected(jobs: number, waitForSchemaMs: number): Promise<{ outcome: Awaited<ReturnType<typeof reviewCrate>>; schemaWhileVerifying: boolean }> {
    process.env['TMPDIR'] = ownTmpdir;
    const crateDir = createTemporaryCrate({ 'src/lib.rs': `${VERIFYING_LIB_RS}${TESTS}` });
    const base = defaultVerifierConfig(crateDir);
    const services = await createReviewServices({ ...base, runner: 'local', precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } }, process.env, { cache: false });
    let schemaWhileVerifying = false;
    const rejecting: Verifier = {
      runner: 'local',
      async verify() {
        for (const deadline = Date.now() + waitForSchemaMs; !schemaWhileVerifying; await sleep(20)) {
          schemaWhileVerifying = schemaCopies(ownTmpdir).length > 0;
          if (Date.now() >= deadline) break;
        }
        return { status: 'failed', functions: [], diagnostics: [], toolchain: { verusVersion: null, pinHash: null, imageDigest: null }, command: ['stub'], wallTimeMs: 1, origin: { kind: 'recorded', source: 'test stub', synthetic: true } };
      },
    };
    const outcome = await reviewCrate({ id: `overlap-${jobs}`, crateDir, file: null, functions: ['add_one'], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs, vacuity: false, schemata: true }, { ...services, verifier: rejecting });
    return { outcome, schemaWhileVerifying };
  }

  it('with --jobs 2 builds the schema while Verus runs on the original, and removes it when the original does not verify', async () => {
    const { outcome, schemaWhileVerifying } = await reviewRejected(2, 120_000);
    expect(schemaWhileVerifying).toBe(true);
    expect(outcome).toMatchObject({ kind: 'original-not-checked', stage: 'verify', message: expect.stringContaining('does not verify') });
    expect(schemaCopies(ownTmpdir)).toEqual([]);
  }, 300_000);

  it('with --jobs 1 prepares nothing of the mutant phase before the original verifies', async () => {
    const { outcome, schemaWhileVerifying } = await reviewRejected(1, 0);
    expect(schemaWhileVerifying).toBe(false);
    expect(outcome).toMatchObject({ kind: 'original-not-checked', stage: 'verify' });
    expect(schemaCopies(ownTmpdir)).toEqual([]);
  }, 300_000);
});
