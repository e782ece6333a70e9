import { checkRedisCapabilities, connectRedis, createRedisClient } from '../queue/redis/connect-redis.js';
import { RedisAuthenticationError } from '../queue/redis/redis-authentication-error.js';
import { parseRedisUrl, selectRedisUrl } from '../queue/redis/redis-endpoint.js';
import { failed, passed, type DoctorCheck } from './doctor-check.js';

/**
 * Redis for the queue runner, through the queue runner's own connection code: reachable within the
 * time limit, answering PING, and able to host the queue. Messages name host:port only, never a password.
 */
export async function checkRedis(configuredUrl: string | null, environment: NodeJS.ProcessEnv, timeoutMs = 3000): Promise<DoctorCheck> {
  const selected = selectRedisUrl(undefined, environment, configuredUrl);
  if (selected === null) return failed('redis', 'the queue runner is configured but no Redis URL is set', 'set [queue] url = "redis://HOST:6379" in verus-repair.toml, or VERUS_REPAIR_REDIS_URL');
  let endpoint;
  try {
    endpoint = parseRedisUrl(selected.url, selected.source);
  } catch (error) {
    return failed('redis', (error as Error).message, `fix ${selected.source}`);
  }
  const client = createRedisClient(endpoint);
  try {
    await connectRedis(client, endpoint, timeoutMs);
    const pong = await client.ping();
    await checkRedisCapabilities(client, endpoint);
    return passed('redis', `${endpoint.display} (${selected.source}) answers ${pong}`);
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0] ?? 'error';
    // Redis runs and answered: the password is what to fix, not the server.
    if (error instanceof RedisAuthenticationError) return failed('redis', detail, `put the right password in VERUS_REPAIR_REDIS_URL="redis://:PASSWORD@${endpoint.display}" (read from ${selected.source} now); passwords never go in [queue] url or on the command line`);
    return failed('redis', detail, `start Redis 6.2+ at ${endpoint.display}, or point ${selected.source} at yours; \`npx verus-repair worker\` must reach it too`);
  } finally {
    client.disconnect();
  }
}
