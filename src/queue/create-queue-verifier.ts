import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { hashToolchainPin } from '../verifier/toolchain/hash-toolchain-pin.js';
import type { ToolchainPin } from '../verifier/toolchain/toolchain-pin.js';
import { QueueVerifier } from './queue-verifier.js';
import { requireRedisUrl } from './redis/redis-endpoint.js';
import { RESULT_SECRET_VARIABLE } from './jobs/sign-queue-job-result.js';

/** `runner = "queue"`: the Redis URL from VERUS_REPAIR_REDIS_URL or `[queue] url`, the pin workers must run, and the optional result secret. */
export function createQueueVerifier(config: VerifierConfig, environment: NodeJS.ProcessEnv, pin: ToolchainPin): QueueVerifier {
  return new QueueVerifier({ endpoint: requireRedisUrl(undefined, environment, config.queue.url), queue: config.queue, pinHash: hashToolchainPin(pin), connectTimeoutMs: config.queue.connectTimeoutMs, resultSecret: environment[RESULT_SECRET_VARIABLE] ?? null });
}
