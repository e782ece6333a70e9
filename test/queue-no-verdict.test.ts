import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationOptions } from '../src/core/verifier.js';
import { defaultVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { KEY_PREFIX } from '../src/queue/redis/queue-keys.js';
import { QueueVerifier } from '../src/queue/queue-verifier.js';
import { parseRedisUrl } from '../src/queue/redis/redis-endpoint.js';
import { PACKAGED_PIN_FILE } from '../src/verifier/toolchain/packaged-paths.js';
import { hashToolchainPin } from '../src/verifier/toolchain/hash-toolchain-pin.js';
import { loadToolchainPin } from '../src/verifier/toolchain/read-toolchain-pin.js';
import { createFakeSetup } from './fakes/fake-environment.js';
import { createWorkerDirectory, startQueueWorkerProcess, stopQueueWorkers, type QueueWorkerProcess } from './fakes/queue-worker-process.js';
import { REDIS_SERVER_AVAILABLE, redisSuiteTitle, startTestRedis, type TestRedis } from './fakes/redis-server.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { writeScenario } from './fakes/write-scenario.js';

// Real redis-server and a real `verus-repair worker`; behind it the fake cargo-verus, whose root unit
// exits 1 with an error no rule knows and no results document (synthetic).
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 20_000, extraVerusArgs: [] };
const scenario = writeScenario([{
  tool: 'cargo-verus',
  argv: ['verus', 'verify', '--fwd-verus-args-to', 'roots', '/^(--locked|--message-format=json)$/', '...'],
  stderr: 'stderr.txt',
  exitCode: 1,
}], { 'stderr.txt': 'error: the solver process left no answer behind\n' });
const fake = createFakeSetup('run-never-called');
let redis: TestRedis;
const workers: QueueWorkerProcess[] = [];

beforeAll(async () => {
  if (!REDIS_SERVER_AVAILABLE) return;
  redis = await startTestRedis();
  workers.push(await startQueueWorkerProcess(createWorkerDirectory(), { ...fake.environment, VERUS_REPAIR_FAKE_SCENARIO: scenario, VERUS_REPAIR_REDIS_URL: redis.url }));
}, 60_000);

afterAll(async () => {
  await stopQueueWorkers(workers);
  await redis?.stop();
  removeTemporaryDirectories();
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)(redisSuiteTitle('a worker whose verifier gave no verdict'), () => {
  it('shares nothing: the submitter gets crashed (unrecognised-error) twice, the worker ran twice, Redis holds no verdict', async () => {
    const pinHash = hashToolchainPin(await loadToolchainPin(PACKAGED_PIN_FILE));
    const verifier = () => new QueueVerifier({ endpoint: parseRedisUrl(redis.url, 'test'), queue: { ...defaultVerifierConfig('/').queue, jobTimeoutMs: 30_000 }, pinHash, connectTimeoutMs: 3000 });
    const crateDir = createTemporaryCrate();
    const first = await verifier().verify({ kind: 'crate', crateDir }, options);
    expect(first).toMatchObject({ status: 'crashed', reason: 'unrecognised-error' });
    const second = await verifier().verify({ kind: 'crate', crateDir }, options);
    expect(second).toMatchObject({ status: 'crashed', reason: 'unrecognised-error' });
    expect(second.origin.kind).toBe('queue');
    expect(fake.readInvocations()).toHaveLength(2);
    const client = new Redis(redis.url);
    try {
      expect(await client.keys(`${KEY_PREFIX}:*:result:*`)).toEqual([]);
    } finally {
      client.disconnect();
    }
  }, 90_000);
});
