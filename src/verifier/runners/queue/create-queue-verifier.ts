import type { VerifierConfig } from '../../config/verifier-config.js';
import { hashToolchainPin } from '../../toolchain/hash-toolchain-pin.js';
import type { ToolchainPin } from '../../toolchain/toolchain-pin.js';
import { QueueVerifier } from './queue-verifier.js';
import { requireRedisUrl } from './redis-endpoint.js';

/** `runner = "queue"`: the Redis URL from VERUS_REPAIR_REDIS_URL or `[queue] url`, and the pin workers must run. */
export function createQueueVerifier(config: VerifierConfig, environment: NodeJS.ProcessEnv, pin: ToolchainPin): QueueVerifier {
  return new QueueVerifier({ endpoint: requireRedisUrl(undefined, environment, config.queue.url), queue: config.queue, pinHash: hashToolchainPin(pin), connectTimeoutMs: config.queue.connectTimeoutMs });
}
