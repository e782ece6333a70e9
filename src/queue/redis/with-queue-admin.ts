import type { Redis } from 'ioredis';
import { loadVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import { checkRedisCapabilities, connectRedis, createRedisClient } from './connect-redis.js';
import { requireRedisUrl } from './redis-endpoint.js';
import { requireQueueName } from '../require-queue-name.js';

export interface QueueAdminRequest {
  directory: string;
  environment: NodeJS.ProcessEnv;
  redisUrl?: string;
  queueName?: string;
}

/** Connects as `queue status|drain` do (flags, then the environment, then verus-repair.toml), runs `action`, disconnects. */
export async function withQueueAdmin<T>(request: QueueAdminRequest, action: (client: Redis, name: string, endpoint: string) => Promise<T>): Promise<T> {
  const { config } = await loadVerifierConfig(request.directory);
  const name = requireQueueName(request.queueName ?? config.queue.name);
  const endpoint = requireRedisUrl(request.redisUrl, request.environment, config.queue.url);
  const client = createRedisClient(endpoint);
  try {
    await connectRedis(client, endpoint, config.queue.connectTimeoutMs);
    await checkRedisCapabilities(client, endpoint);
    return await action(client, name, endpoint.display);
  } finally {
    client.disconnect();
  }
}
