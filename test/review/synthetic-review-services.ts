import { FAKE_PASS_ENV, createFakeSetup, type FakeSetup } from '../fakes/fake-environment.js';
import { SHARED_TARGET_DIR } from '../fakes/temporary-crate.js';
import type { ReviewEvent } from '../../src/review/review-event.js';
import type { ReviewServices } from '../../src/review/review-services.js';
import { defaultVerifierConfig } from '../../src/verifier/config/read-verifier-config.js';
import { CargoPrechecker } from '../../src/verifier/precheck/cargo-prechecker.js';
import { LocalVerifier } from '../../src/verifier/runners/local-verifier.js';

/**
 * Review services for tests: the real erased cargo pre-check (shared target directory, offline) and
 * the local runner driving the fake cargo-verus of `scenario`, its verdicts labelled synthetic.
 */
export function createSyntheticReviewServices(crateDir: string, scenario = 'review-oracle', oracleRoot?: string): { services: ReviewServices; fake: FakeSetup; events: ReviewEvent[] } {
  const fake = createFakeSetup(scenario);
  if (oracleRoot !== undefined) fake.environment['VERUS_REPAIR_FAKE_REVIEW_ROOT'] = oracleRoot;
  const base = defaultVerifierConfig(crateDir);
  const config = { ...base, runner: 'local' as const, passEnv: [...FAKE_PASS_ENV, 'VERUS_REPAIR_FAKE_REVIEW_ROOT'], precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true, test: true } };
  const events: ReviewEvent[] = [];
  const services: ReviewServices = {
    verifier: new LocalVerifier({ config, environment: fake.environment, provenance: 'synthetic' }),
    prechecker: new CargoPrechecker({ config, environment: fake.environment }),
    createVariantPrechecker: (timeoutMs) => new CargoPrechecker({ config: { ...config, precheck: { ...config.precheck, timeoutMs } }, environment: fake.environment }),
    cache: null,
    precheckRunsTests: true,
    options: { rlimit: config.rlimit, expandErrors: false, noCheating: false, timeoutMs: config.timeoutMs, extraVerusArgs: [], scope: 'focused' },
    emit: (event) => events.push(event),
  };
  return { services, fake, events };
}
