import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../../test/fakes/fake-environment.js';
import { REDIS_SERVER_AVAILABLE, redisSuiteTitle, startTestRedis, type TestRedis } from '../../test/fakes/redis-server.js';
import { createTemporaryCrate } from '../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';
import type { VerificationOptions } from '../core/verifier.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { LocalVerifier } from '../verifier/runners/local-verifier.js';
import { QueueVerifier } from './queue-verifier.js';
import { parseRedisUrl } from './redis/redis-endpoint.js';
import { prepareWorkerDirectory, type WorkerDirectory } from './worker/prepare-worker-directory.js';
import { startQueueWorker, type RunningQueueWorker } from './worker/start-queue-worker.js';

const PIN = 'a'.repeat(64);
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 20_000, extraVerusArgs: [] };
let redis: TestRedis;
let worker: RunningQueueWorker;
let workerDirectory: WorkerDirectory;
const fake = createFakeSetup('run-queue-mixed');

function localVerifier(crateDir: string) {
  return new LocalVerifier({ config: { ...defaultVerifierConfig(crateDir), runner: 'local', passEnv: FAKE_PASS_ENV }, environment: fake.environment });
}

function queueSettings() {
  return { ...defaultVerifierConfig('/').queue, jobTimeoutMs: 15_000 };
}

beforeAll(async () => {
  redis = await startTestRedis();
  const crateDir = createTemporaryCrate();
  workerDirectory = await prepareWorkerDirectory(fake.environment);
  worker = await startQueueWorker({ endpoint: parseRedisUrl(redis.url, 'test'), queue: queueSettings(), concurrency: 2, pinHash: PIN, runner: 'local', verifier: localVerifier(crateDir), workerRoot: workerDirectory.root, resultSecret: null, log: () => undefined });
});

afterAll(async () => {
  await worker.stop(false);
  await workerDirectory.remove();
  await redis.stop();
  removeTemporaryDirectories();
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)(redisSuiteTitle('QueueVerifier with an in-process worker'), () => {
  it('returns the verdict the local runner gives, and a second identical check comes from the shared cache without a job', async () => {
    const crateDir = createTemporaryCrate();
    appendFileSync(path.join(crateDir, 'src', 'lib.rs'), '// queue: verified\n');
    const verifier = new QueueVerifier({ endpoint: parseRedisUrl(redis.url, 'test'), queue: queueSettings(), pinHash: PIN });
    const viaQueue = await verifier.verify({ kind: 'crate', crateDir }, options);
    const direct = await localVerifier(crateDir).verify({ kind: 'crate', crateDir }, options);
    expect(viaQueue.status).toBe('verified');
    expect({ ...viaQueue, wallTimeMs: 0, origin: null }).toEqual({ ...direct, wallTimeMs: 0, origin: null });
    // The worker names the queue and itself around its runner's own origin.
    expect(viaQueue.origin).toEqual({ kind: 'queue', queue: queueSettings().name, worker: `${os.hostname()} pid ${process.pid}`, ran: direct.origin });
    const before = fake.readInvocations().length;
    const again = await verifier.verify({ kind: 'crate', crateDir }, options);
    expect(again).toMatchObject({ status: 'verified', origin: { kind: 'cache', of: viaQueue.origin } });
    expect(fake.readInvocations().length).toBe(before);
  });

  it('stops waiting when the run is aborted, with the signal\'s reason, and leaves the job to finish for the shared cache', async () => {
    const crateDir = createTemporaryCrate();
    appendFileSync(path.join(crateDir, 'src', 'lib.rs'), '// queue: slow\n');
    const verifier = new QueueVerifier({ endpoint: parseRedisUrl(redis.url, 'test'), queue: queueSettings(), pinHash: PIN });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('interrupted by the test')), 300);
    await expect(verifier.verify({ kind: 'crate', crateDir }, options, controller.signal)).rejects.toThrow('interrupted by the test');
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(verifier.verify({ kind: 'crate', crateDir }, options)).resolves.toMatchObject({ status: 'verified' });
  }, 20_000);
});
