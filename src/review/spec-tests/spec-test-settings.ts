import type { VerifierConfig } from '../../verifier/config/verifier-config.js';

/**
 * How review runs the spec-check harness (src/specification) on the original's functions and on the mutants
 * that pass the erased build and tests: the verifier config whose cargo and pre-check target directory
 * the harness builds use (the variants' own, so vstd builds once), the inputs per function and the seed.
 */
export interface SpecTestSettings {
  config: VerifierConfig;
  environment: NodeJS.ProcessEnv;
  inputs: number;
  seed: number;
}
