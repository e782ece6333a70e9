import { assertNever } from '../core/assert-never.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { DockerVerifier } from '../verifier/runners/docker-verifier.js';
import { LocalVerifier } from '../verifier/runners/local-verifier.js';
import type { ReportingVerifier } from '../verifier/runners/reporting-verifier.js';
import { loadToolchainPin } from '../verifier/toolchain/read-toolchain-pin.js';

/**
 * The runner the configuration asks for. The Docker runner needs the pin (its hash names the image);
 * the queue runner too (workers take only jobs for their own pin).
 */
export async function createVerifier(config: VerifierConfig, environment: NodeJS.ProcessEnv = process.env): Promise<ReportingVerifier> {
  switch (config.runner) {
    case 'local':
      return new LocalVerifier({ config, environment });
    case 'docker':
      return new DockerVerifier({ config, pin: await loadToolchainPin(config.pin.file), environment });
    case 'queue':
      return (await import('../queue/create-queue-verifier.js')).createQueueVerifier(config, environment, await loadToolchainPin(config.pin.file));
    default:
      return assertNever(config.runner, 'runner');
  }
}
