import { AdapterError } from '../../core/errors.js';

/**
 * Redis answered, but refused the credentials (WRONGPASS) or wants some (NOAUTH). Waiting does not
 * help and starting Redis is not the fix: the password in VERUS_REPAIR_REDIS_URL is.
 */
export class RedisAuthenticationError extends AdapterError {
  override readonly name: string = 'RedisAuthenticationError';
}

/** Whether a Redis error is a refused or missing password (ioredis passes the server's reply text on). */
export function isRedisAuthenticationFailure(error: Error): boolean {
  return /WRONGPASS|NOAUTH|invalid password|invalid username-password/i.test(error.message);
}
