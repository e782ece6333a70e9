import { defaultVerifierConfig } from '../../src/verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../../src/verifier/config/verifier-config.js';
import { SHARED_TARGET_DIR } from './temporary-crate.js';

/**
 * The default verifier config of `crateDir` with its scratch builds (spec-check harnesses,
 * candidate copies) in the fixtures' shared target directory, where vstd is built already. Scratch
 * builds never use CARGO_TARGET_DIR (selectPrecheckTargetDir), so tests say it in the config.
 */
export function sharedTargetConfig(crateDir: string): VerifierConfig {
  const base = defaultVerifierConfig(crateDir);
  return { ...base, precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR } };
}
