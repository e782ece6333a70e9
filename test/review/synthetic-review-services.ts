import { FAKE_PASS_ENV, createFakeSetup, type FakeSetup } from '../fakes/fake-environment.js';
import { SHARED_TARGET_DIR } from '../fakes/temporary-crate.js';
import type { ReviewEvent } from '../../src/review/review-event.js';
import type { ReviewServices } from '../../src/review/review-services.js';
import { createReviewServices } from '../../src/review/run-review.js';
import { defaultVerifierConfig } from '../../src/verifier/config/read-verifier-config.js';
import { LocalVerifier } from '../../src/verifier/runners/local-verifier.js';

/**
 * Review services for tests: the command's own (createReviewServices: the real erased cargo pre-check,
 * here on the shared target directory, offline), with the local runner driving the fake cargo-verus
 * of `scenario`, its verdicts labelled synthetic. `specTests`: run the spec-check harness (real cargo) as `review` does by default.
 */
export async function createSyntheticReviewServices(crateDir: string, scenario = 'review-oracle', oracleRoot?: string, options: { specTests?: boolean } = {}): Promise<{ services: ReviewServices; fake: FakeSetup; events: ReviewEvent[] }> {
  const fake = createFakeSetup(scenario);
  if (oracleRoot !== undefined) fake.environment['VERUS_REPAIR_FAKE_REVIEW_ROOT'] = oracleRoot;
  const base = defaultVerifierConfig(crateDir);
  const config = { ...base, runner: 'local' as const, passEnv: [...FAKE_PASS_ENV, 'VERUS_REPAIR_FAKE_REVIEW_ROOT'], precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } };
  const events: ReviewEvent[] = [];
  const services: ReviewServices = {
    ...(await createReviewServices(config, fake.environment, { cache: false, specTests: options.specTests === true, onEvent: (event) => events.push(event) })),
    verifier: new LocalVerifier({ config, environment: fake.environment }),
  };
  return { services, fake, events };
}
