import { Redis, type RedisOptions } from 'ioredis';
import { AdapterError } from '../../core/errors.js';
import { isRedisAuthenticationFailure, RedisAuthenticationError } from './redis-authentication-error.js';
import type { RedisEndpoint } from './redis-endpoint.js';

/** Commands BullMQ and the queue runner need; managed Redis services sometimes disable some of them. */
const NEEDED_COMMANDS = ['EVALSHA', 'EVAL', 'SCRIPT', 'XADD', 'XREAD', 'BZPOPMIN', 'SET', 'GETEX', 'EXPIRE', 'SADD'];
const MINIMUM_VERSION = [6, 2];

/** How long a command waits for a lost connection to come back before it fails naming the endpoint. */
export const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/** Reconnects in the background, at most a second apart, so a restarted Redis is picked up again. */
const retryStrategy = (attempt: number): number => Math.min(100 * attempt, 1000);

/** ioredis keeps a closed-by-error socket's 2 s destroy timer alive, which holds a CLI run open. */
const DISCONNECT_TIMEOUT_MS = 200;

/**
 * A client that keeps reconnecting in the background (so a restarted Redis is picked up again) but
 * whose commands fail after a bounded wait; errors are kept as the last failure, never printed.
 */
export function createRedisClient(endpoint: RedisEndpoint): Redis & { lastError?: Error } {
  const client: Redis & { lastError?: Error } = new Redis({
    ...endpoint.options,
    lazyConnect: true,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 3,
    retryStrategy,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
  });
  client.on('error', (error: Error) => {
    client.lastError = error;
  });
  return client;
}

/** Connection options for BullMQ's blocking clients (a Worker, QueueEvents): the same reconnects, commands never given up. */
export function blockingConnectionOptions(endpoint: RedisEndpoint): RedisOptions {
  return { ...endpoint.options, maxRetriesPerRequest: null, retryStrategy, disconnectTimeout: DISCONNECT_TIMEOUT_MS };
}

/** Connects (or waits for a reconnect) and checks the server can host the queue. */
export async function connectRedis(client: Redis & { lastError?: Error }, endpoint: RedisEndpoint, timeoutMs = REDIS_CONNECT_TIMEOUT_MS): Promise<void> {
  if (client.status === 'wait') client.connect().catch(() => undefined);
  if (client.status !== 'ready') await waitForReady(client, endpoint, timeoutMs);
}

/** Throws an AdapterError naming what the server lacks: an old version or disabled commands. */
export async function checkRedisCapabilities(client: Redis, endpoint: RedisEndpoint): Promise<void> {
  const info = String(await client.info('server'));
  const version = /redis_version:(\d+)\.(\d+)/.exec(info);
  if (version !== null && (Number(version[1]) < (MINIMUM_VERSION[0] ?? 0) || (Number(version[1]) === MINIMUM_VERSION[0] && Number(version[2]) < (MINIMUM_VERSION[1] ?? 0)))) {
    throw new AdapterError(`Redis at ${endpoint.display} is version ${version[1]}.${version[2]}; the queue needs Redis ${MINIMUM_VERSION.join('.')} or newer`);
  }
  let described: unknown;
  try {
    described = await client.call('COMMAND', 'INFO', ...NEEDED_COMMANDS);
  } catch (error) {
    throw new AdapterError(`Redis at ${endpoint.display} refuses COMMAND INFO (${(error as Error).message}); the queue needs a Redis with Lua scripting and streams (${NEEDED_COMMANDS.join(', ')})`);
  }
  const missing = NEEDED_COMMANDS.filter((_, index) => !Array.isArray(described) || described[index] === null);
  if (missing.length > 0) {
    throw new AdapterError(`Redis at ${endpoint.display} lacks ${missing.join(', ')}: the queue needs Lua scripting and streams; use a Redis ${MINIMUM_VERSION.join('.')}+ that does not disable or rename these commands`);
  }
}

function waitForReady(client: Redis & { lastError?: Error }, endpoint: RedisEndpoint, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
    };
    const timer = setTimeout(() => {
      stop();
      const reason = client.lastError === undefined ? 'no answer' : describeConnectionError(client.lastError);
      reject(new AdapterError(`cannot reach Redis at ${endpoint.display} (${reason} for ${Math.round(timeoutMs / 1000)} s); check that it runs and that VERUS_REPAIR_REDIS_URL or [queue] url names it`, { isRetryable: true }));
    }, timeoutMs);
    const onReady = () => {
      stop();
      resolve();
    };
    // A refused password is an answer: say so at once instead of waiting out the time limit as if Redis were down.
    const onError = (error: Error) => {
      if (!isRedisAuthenticationFailure(error)) return;
      stop();
      reject(describeAuthenticationFailure(error, endpoint));
    };
    client.once('ready', onReady);
    client.on('error', onError);
  });
}

function describeAuthenticationFailure(error: Error, endpoint: RedisEndpoint): RedisAuthenticationError {
  const missing = /NOAUTH/i.test(error.message);
  const what = missing ? 'asks for a password and none was given' : 'refused the user name or password (authentication failed)';
  return new RedisAuthenticationError(`Redis at ${endpoint.display} ${what}; set the right one in VERUS_REPAIR_REDIS_URL (redis://:PASSWORD@${endpoint.display})`);
}

/** The error's code or first line, without anything that could hold the URL. */
export function describeConnectionError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined) return code;
  if (/WRONGPASS|NOAUTH|invalid password/i.test(error.message)) return 'authentication failed';
  return error.message.split('\n')[0]?.slice(0, 200) ?? 'error';
}
