import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationOptions, VerificationTarget } from '../src/core/verifier.js';
import { defaultVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { LocalVerifier } from '../src/verifier/runners/local-verifier.js';
import { computeJobKey } from '../src/queue/describe-queue-toolchain.js';
import { drainQueue } from '../src/queue/jobs/drain-queue.js';
import { readJobDirectoryPid } from '../src/queue/worker/job-directory-prefix.js';
import { JOB_FORMAT } from '../src/queue/jobs/queue-job.js';
import { KEY_PREFIX, queueKeys } from '../src/queue/redis/queue-keys.js';
import { QueueVerifier } from '../src/queue/queue-verifier.js';
import { parseRedisUrl } from '../src/queue/redis/redis-endpoint.js';
import { hashSnapshotFiles, SNAPSHOT_FORMAT } from '../src/queue/snapshot/verification-snapshot.js';
import { listVerificationInputs } from '../src/verifier/cache/list-verification-inputs.js';
import { PACKAGED_PIN_FILE } from '../src/verifier/toolchain/packaged-paths.js';
import { hashToolchainPin } from '../src/verifier/toolchain/hash-toolchain-pin.js';
import { loadToolchainPin } from '../src/verifier/toolchain/read-toolchain-pin.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { createWorkerDirectory, startQueueWorkerProcess, type QueueWorkerProcess, stopQueueWorkers } from './fakes/queue-worker-process.js';
import { REDIS_SERVER_AVAILABLE, redisSuiteTitle, startTestRedis, type TestRedis } from './fakes/redis-server.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';

// Real redis-server and real `verus-repair worker` processes; the verifier behind them is the fake
// cargo-verus (synthetic outputs, test/fixtures/verus/run-queue-mixed), answering by a marker in src/lib.rs.
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 20_000, extraVerusArgs: [] };
const fake = createFakeSetup('run-queue-mixed');
let redis: TestRedis;
let environment: NodeJS.ProcessEnv;
let pinHash: string;
const workers: QueueWorkerProcess[] = [];

function crateWith(marker: string, extra = ''): string {
  const crateDir = createTemporaryCrate();
  appendFileSync(path.join(crateDir, 'src', 'lib.rs'), `// queue: ${marker}\n${extra}`);
  return crateDir;
}

function queueVerifier(overrides: { pinHash?: string; jobTimeoutMs?: number; connectTimeoutMs?: number } = {}) {
  return new QueueVerifier({
    endpoint: parseRedisUrl(redis.url, 'test'),
    queue: { ...defaultVerifierConfig('/').queue, jobTimeoutMs: overrides.jobTimeoutMs ?? 30_000 },
    pinHash: overrides.pinHash ?? pinHash,
    connectTimeoutMs: overrides.connectTimeoutMs ?? 3000,
  });
}

function writePin(directory: string, repository: string): string {
  const file = path.join(directory, 'pin.toml');
  writeFileSync(file, readFileSync(PACKAGED_PIN_FILE, 'utf8').replace('repository = "verus-repair/verus"', `repository = "${repository}"`));
  return file;
}

beforeAll(async () => {
  redis = await startTestRedis();
  environment = { ...fake.environment, VERUS_REPAIR_REDIS_URL: redis.url };
  pinHash = hashToolchainPin(await loadToolchainPin(PACKAGED_PIN_FILE));
  const directory = createWorkerDirectory();
  workers.push(...(await Promise.all([startQueueWorkerProcess(directory, environment), startQueueWorkerProcess(directory, environment)])));
}, 60_000);

afterAll(async () => {
  await stopQueueWorkers(workers);
  await redis.stop();
  removeTemporaryDirectories();
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)(redisSuiteTitle('the queue runner with two worker processes'), () => {
  it('gives the local runner\'s results: verified, failed with diagnostics, timeout and crash', async () => {
    const cases: Array<[string, VerificationOptions]> = [
      ['verified', options],
      ['failed', options],
      ['timeout', { ...options, timeoutMs: 1500 }],
      ['crash', options],
    ];
    const verifier = queueVerifier();
    const local = (crateDir: string) => new LocalVerifier({ config: { ...defaultVerifierConfig(crateDir), runner: 'local', passEnv: FAKE_PASS_ENV }, environment: fake.environment });
    const viaQueue = await Promise.all(cases.map(([marker, caseOptions]) => verifier.verify({ kind: 'crate', crateDir: crateWith(marker) }, caseOptions)));
    const direct = await Promise.all(cases.map(([marker, caseOptions]) => local(crateWith(marker)).verify({ kind: 'crate', crateDir: crateWith(marker) }, caseOptions)));
    expect(viaQueue.map((result) => result.status)).toEqual(['verified', 'failed', 'timeout', 'crashed']);
    // The same verdicts; each names the queue and the worker around the worker's own local run.
    expect(viaQueue.map((result) => ({ ...result, wallTimeMs: 0, origin: null }))).toEqual(direct.map((result) => ({ ...result, wallTimeMs: 0, origin: null })));
    expect(viaQueue.map((result) => result.origin)).toEqual(direct.map((result) => ({ kind: 'queue', queue: expect.any(String), worker: expect.stringMatching(/ pid \d+$/), ran: result.origin })));
    const failed = viaQueue[1];
    expect(failed?.status === 'failed' ? failed.diagnostics.filter((item) => item.severity === 'error').map((item) => [item.kind, item.primary?.file, item.primary?.line]) : null).toEqual([['postcondition', 'src/lib.rs', 6]]);
  }, 60_000);

  it('runs identical targets submitted concurrently once, and answers a later identical one from the shared cache', async () => {
    const before = fake.readInvocations().length;
    const verifier = queueVerifier();
    const unique = `// identical ${Date.now()}\n`;
    const targets: VerificationTarget[] = [0, 1, 2, 3].map(() => ({ kind: 'crate', crateDir: crateWith('verified', unique) }));
    const results = await Promise.all(targets.map((target, index) => (index % 2 === 0 ? verifier : queueVerifier()).verify(target, options)));
    expect(results.map((result) => result.status)).toEqual(['verified', 'verified', 'verified', 'verified']);
    expect(fake.readInvocations().length - before).toBe(1);
    const later = await queueVerifier().verify({ kind: 'crate', crateDir: crateWith('verified', unique) }, options);
    // The shared verdict keeps the origin the worker reported: which queue, which worker process, which runner.
    expect(results[0]?.origin).toMatchObject({ kind: 'queue', worker: expect.stringMatching(/ pid \d+$/), ran: { kind: 'local', tool: 'cargo-verus' } });
    expect(later).toMatchObject({ status: 'verified', origin: { kind: 'cache', of: results[0]?.origin } });
    expect(fake.readInvocations().length - before).toBe(1);
  }, 60_000);

  it('hands the job of a worker killed with SIGKILL mid-job to the other worker; the submitter gets exactly one result', async () => {
    const crateDir = crateWith('slow', `// killed ${Date.now()}\n`);
    const target: VerificationTarget = { kind: 'crate', crateDir };
    const key = await computeJobKey(await listVerificationInputs(target), target, options, pinHash);
    const before = fake.readInvocations().length;
    const results: string[] = [];
    const pending = queueVerifier().verify(target, options).then((result) => results.push(result.status));
    const admin = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
    const queue = new Queue(queueKeys('verus-repair').jobQueue(pinHash), { connection: admin, prefix: KEY_PREFIX });
    try {
      // Kill only once the worker that took the job has started the verifier on it.
      let processedBy: string | undefined;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        processedBy = (await queue.getJob(key))?.processedBy;
        if (processedBy !== undefined && fake.readInvocations().length > before) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const victim = workers.find((worker) => processedBy?.includes(`pid=${worker.pid};`));
      expect(victim).toBeDefined();
      process.kill(victim?.pid ?? -1, 'SIGKILL');
      expect(await victim?.exited).toBeNull();
      await pending;
      expect(results).toEqual(['verified']);
      expect(fake.readInvocations().length - before).toBe(2);
      const survivor = workers.find((worker) => worker !== victim);
      expect(survivor?.log()).toContain(`job ${key.slice(0, 12)}: verified`);
      workers.splice(workers.indexOf(victim as QueueWorkerProcess), 1);
      const abandoned = readdirSync(os.tmpdir()).filter((name) => readJobDirectoryPid(name) === victim?.pid);
      expect(abandoned).toHaveLength(1);
      const replacement = await startQueueWorkerProcess(createWorkerDirectory(), environment);
      workers.push(replacement);
      expect(replacement.log()).toContain('removed 1 job directory left by killed workers');
      expect(existsSync(path.join(os.tmpdir(), abandoned[0] ?? ''))).toBe(false);
    } finally {
      await queue.close();
      admin.disconnect();
    }
  }, 60_000);

  it('never gives a job to a worker with another pin; the submitter is told after job_timeout, and the job waits for a matching worker', async () => {
    const pins = createTemporaryDirectory('pins');
    const otherPin = writePin(pins, 'verus-repair/other');
    const wantedPin = writePin(createTemporaryDirectory('pins'), 'verus-repair/wanted');
    const wantedHash = hashToolchainPin(await loadToolchainPin(wantedPin));
    const other = await startQueueWorkerProcess(createWorkerDirectory({ pinFile: otherPin }), environment);
    workers.push(other);
    const before = fake.readInvocations().length;
    const target: VerificationTarget = { kind: 'crate', crateDir: crateWith('verified', `// wanted pin ${Date.now()}\n`) };
    const refused = await queueVerifier({ pinHash: wantedHash, jobTimeoutMs: 2500 }).verify(target, options).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain(`no worker with toolchain pin ${wantedHash.slice(0, 16)} took the job within 3 s`);
    expect((refused as Error).message).toContain('workers online run other toolchain pins');
    expect(fake.readInvocations().length - before).toBe(0);
    expect(other.log()).not.toContain('job ');
    const matching = await startQueueWorkerProcess(createWorkerDirectory({ pinFile: wantedPin }), environment);
    workers.push(matching);
    await matching.waitForLog(/job [0-9a-f]{12}: verified/);
    expect(await queueVerifier({ pinHash: wantedHash }).verify(target, options)).toMatchObject({ status: 'verified', origin: { kind: 'cache', of: { kind: 'queue' } } });
    expect(other.log()).not.toContain('job ');
  }, 60_000);

  it('rejects a malformed job payload and a snapshot naming a path outside its directory, reporting them as failed without retries', async () => {
    const admin = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
    const queue = new Queue(queueKeys('verus-repair').jobQueue(pinHash), { connection: admin, prefix: KEY_PREFIX });
    try {
      const malformed = await queue.add('verify', { format: JOB_FORMAT, snapshotHash: 'not-a-hash', pinHash }, { jobId: 'malformed-1', attempts: 3 });
      const files = [{ path: '../escape.rs', bytes: Buffer.from('fn main() {}\n') }];
      const snapshotHash = hashSnapshotFiles(files);
      await admin.set(queueKeys('verus-repair').snapshot(snapshotHash), JSON.stringify({ format: SNAPSHOT_FORMAT, files: files.map((file) => ({ path: file.path, content: file.bytes.toString('base64') })) }));
      // An id of the key's form: the snapshot is what is refused.
      const escaping = await queue.add('verify', { format: JOB_FORMAT, snapshotHash, pinHash, target: { kind: 'crate', crateDir: '.' }, options }, { jobId: 'e'.repeat(64), attempts: 3 });
      const reasons: Record<string, string> = {};
      for (let attempt = 0; attempt < 400 && Object.keys(reasons).length < 2; attempt += 1) {
        for (const job of [malformed, escaping]) {
          // The state first, then the job: a copy read while active would lack failedReason.
          if ((await queue.getJobState(String(job.id))) !== 'failed') continue;
          const current = await queue.getJob(String(job.id));
          reasons[String(job.id)] = `${current?.failedReason} (attempts ${current?.attemptsMade})`;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(reasons['malformed-1']).toMatch(/^malformed job payload at snapshotHash: .* \(attempts 1\)$/);
      expect(reasons['e'.repeat(64)]).toMatch(/climbs out with \.\. \(attempts 1\)$/);
      expect(existsSync(path.join(path.dirname(createTemporaryDirectory('probe')), 'escape.rs'))).toBe(false);
    } finally {
      await queue.close();
      admin.disconnect();
    }
  }, 30_000);

  it('tells a waiting submitter when `queue drain` removed its job, instead of sending it again', async () => {
    const nobodysPin = hashToolchainPin(await loadToolchainPin(writePin(createTemporaryDirectory('pins'), 'verus-repair/nobody')));
    const waiting = queueVerifier({ pinHash: nobodysPin }).verify({ kind: 'crate', crateDir: crateWith('verified', `// drained ${Date.now()}\n`) }, options).catch((error: Error) => error);
    const admin = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
    try {
      const queue = new Queue(queueKeys('verus-repair').jobQueue(nobodysPin), { connection: admin, prefix: KEY_PREFIX });
      for (let attempt = 0; attempt < 200 && (await queue.getWaitingCount()) === 0; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      await queue.close();
      expect(await drainQueue(admin, 'verus-repair')).toContainEqual(expect.objectContaining({ pinHash: nobodysPin, removed: 1 }));
      const outcome = await waiting;
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toContain('was removed from the queue before a worker finished it (verus-repair queue drain?)');
    } finally {
      admin.disconnect();
    }
  }, 30_000);

  it('survives a Redis restart between jobs: a clear error naming host:port while it is down, the right verdict once it is back', async () => {
    const verifier = queueVerifier({ connectTimeoutMs: 3000 });
    expect((await verifier.verify({ kind: 'crate', crateDir: crateWith('verified', '// before restart\n') }, options)).status).toBe('verified');
    await redis.stop();
    const whileDown = await verifier.verify({ kind: 'crate', crateDir: crateWith('failed', '// while down\n') }, options).catch((error: Error) => error);
    expect(whileDown).toBeInstanceOf(Error);
    expect((whileDown as Error).message).toMatch(new RegExp(`(cannot reach|lost) Redis at 127\\.0\\.0\\.1:${redis.port}`));
    await redis.start();
    const after = await verifier.verify({ kind: 'crate', crateDir: crateWith('failed', '// after restart\n') }, options);
    expect(after.status).toBe('failed');
  }, 60_000);

  it('sends a job again when Redis restarts without its data while the job runs, and still gives the right verdict', async () => {
    const verifier = queueVerifier({ connectTimeoutMs: 5000 });
    const before = fake.readInvocations().length;
    const pending = verifier.verify({ kind: 'crate', crateDir: crateWith('slow', `// restarted mid-job ${Date.now()}\n`) }, options);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && fake.readInvocations().length === before; ) await new Promise((resolve) => setTimeout(resolve, 25));
    await redis.stop();
    await redis.start();
    const result = await pending;
    expect(result.status).toBe('verified');
    // The first run was lost with Redis; the job was sent again and ran again.
    expect(fake.readInvocations().length - before).toBe(2);
  }, 60_000);
});
