import { describe, expect, it } from 'vitest';
import { parseRedisUrl, requireRedisUrl } from './redis-endpoint.js';

describe('Redis URLs', () => {
  it('reads host, port, database, user and password, and displays only host:port/db', () => {
    const endpoint = parseRedisUrl('rediss://worker:s%40cret@redis.internal:6380/2', 'test');
    expect(endpoint.options).toEqual({ host: 'redis.internal', port: 6380, db: 2, tls: {}, username: 'worker', password: 's@cret' });
    expect(endpoint.display).toBe('redis.internal:6380/2');
    expect(parseRedisUrl('redis://[::1]', 'test')).toMatchObject({ options: { host: '::1', port: 6379, db: 0 }, display: '[::1]:6379' });
  });

  it('takes --redis, else VERUS_REPAIR_REDIS_URL, else [queue] url, and says how to set one when none is', () => {
    const environment = { VERUS_REPAIR_REDIS_URL: 'redis://:pw@env-host:1' };
    expect(requireRedisUrl('redis://flag-host:2', environment, 'redis://file-host:3').display).toBe('flag-host:2');
    expect(requireRedisUrl(undefined, environment, 'redis://file-host:3').display).toBe('env-host:1');
    expect(requireRedisUrl(undefined, {}, 'redis://file-host:3').display).toBe('file-host:3');
    expect(() => requireRedisUrl(undefined, {}, null)).toThrow(/set VERUS_REPAIR_REDIS_URL/);
  });

  it('never echoes a malformed URL, which may hold a password', () => {
    for (const url of ['redis://:hunter2@host:notaport', 'http://:hunter2@host', 'redis://:hunter2@host/x']) {
      let message = '';
      try {
        parseRedisUrl(url, 'VERUS_REPAIR_REDIS_URL');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^VERUS_REPAIR_REDIS_URL: /);
      expect(message).not.toContain('hunter2');
    }
  });
});
