import type { VerifierConfig } from '../../verifier/config/verifier-config.js';

/**
 * How a repair run at a counterexample level runs the spec-check harness (src/specification): the cargo and
 * shared target directory of the run's verifier config, the process environment, the input budget.
 */
export interface SpecCheckSettings {
  environment: NodeJS.ProcessEnv;
  config: VerifierConfig;
  inputs?: number;
  seed?: number;
  callTimeoutMs?: number;
}
