import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRedis } from '../src/doctor/check-redis.js';
import { REDIS_SERVER_AVAILABLE, redisSuiteTitle, startTestRedis, type TestRedis } from './fakes/redis-server.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';

// doctor's Redis check against a real redis-server that requires a password (issue 18, item 18).
let guarded: TestRedis;

beforeAll(async () => {
  guarded = await startTestRedis(['requirepass hunter2']);
}, 30_000);

afterAll(async () => {
  await guarded.stop();
  removeTemporaryDirectories();
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)(redisSuiteTitle('doctor: a Redis that refuses the password'), () => {
  it('reports a wrong password as an authentication failure at once, pointing at VERUS_REPAIR_REDIS_URL, never as a timeout to fix by starting Redis', async () => {
    const began = Date.now();
    const check = await checkRedis(null, { VERUS_REPAIR_REDIS_URL: `redis://:wrong-hunter3@127.0.0.1:${guarded.port}` }, 5000);
    expect(Date.now() - began).toBeLessThan(4000);
    expect(check.status).toBe('fail');
    expect(check.detail).toBe(`Redis at 127.0.0.1:${guarded.port} refused the user name or password (authentication failed); set the right one in VERUS_REPAIR_REDIS_URL (redis://:PASSWORD@127.0.0.1:${guarded.port})`);
    expect(check.fix).toContain('VERUS_REPAIR_REDIS_URL');
    expect(check.fix).not.toMatch(/start Redis/);
    expect(JSON.stringify(check)).not.toMatch(/hunter/);
  }, 20_000);

  it('says a password is missing when none was given', async () => {
    const check = await checkRedis(`redis://127.0.0.1:${guarded.port}`, {}, 5000);
    expect(check).toMatchObject({ status: 'fail', detail: expect.stringContaining('asks for a password and none was given') });
    expect(check.fix).toContain('VERUS_REPAIR_REDIS_URL');
  }, 20_000);

  it('passes with the right password', async () => {
    expect(await checkRedis(null, { VERUS_REPAIR_REDIS_URL: `redis://:hunter2@127.0.0.1:${guarded.port}` }, 5000)).toMatchObject({ status: 'ok' });
  }, 20_000);
});
