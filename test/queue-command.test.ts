import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGED_PIN_FILE } from '../src/verifier/toolchain/packaged-paths.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { createWorkerDirectory, startQueueWorkerProcess, withoutModelKeys, type QueueWorkerProcess } from './fakes/queue-worker-process.js';
import { REDIS_SERVER_AVAILABLE, redisSuiteTitle, startTestRedis, type TestRedis } from './fakes/redis-server.js';
import { runCli, startCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';

// `verus-repair verify --queue`, `worker` and `queue status|drain` as processes, against a real
// redis-server; the verifier behind the workers is the fake cargo-verus (synthetic outputs).
const fake = createFakeSetup('run-queue-mixed');
let redis: TestRedis;
let environment: NodeJS.ProcessEnv;
const started: QueueWorkerProcess[] = [];

function crate(marker: string, queueTable = 'connect_timeout = 2\njob_timeout = 30\n'): string {
  const crateDir = createTemporaryCrate({
    'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n\n[queue]\n${queueTable}`,
  });
  appendFileSync(path.join(crateDir, 'src', 'lib.rs'), `// queue: ${marker}\n// ${Math.random()}\n`);
  return crateDir;
}

async function worker(args: string[] = []): Promise<QueueWorkerProcess> {
  const process = await startQueueWorkerProcess(createWorkerDirectory(), environment, args);
  started.push(process);
  return process;
}

beforeAll(async () => {
  redis = await startTestRedis();
  environment = { ...fake.environment, VERUS_REPAIR_REDIS_URL: redis.url };
}, 30_000);

afterAll(async () => {
  for (const process_ of started) {
    try {
      process.kill(process_.pid, 'SIGKILL');
    } catch {
      // already stopped
    }
  }
  await redis.stop();
  removeTemporaryDirectories();
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)(redisSuiteTitle('verus-repair verify --queue, worker and queue status|drain'), () => {
  it('verify --queue prints the verdict verify --local prints, and exits on its own', async () => {
    await worker();
    const crateDir = crate('failed');
    const local = await runCli(['verify', crateDir, '--local', '--json', '--no-cache'], fake.environment);
    const began = Date.now();
    const queued = await runCli(['verify', crateDir, '--queue', '--json', '--no-cache'], environment);
    expect(Date.now() - began).toBeLessThan(20_000);
    expect(queued.stderr).toBe('');
    expect([local.exitCode, queued.exitCode]).toEqual([1, 1]);
    const strip = (text: string) => {
      const parsed = JSON.parse(text) as { runner: string; sandbox: unknown; verification: { wallTimeMs: number; origin: unknown } };
      return { ...parsed, runner: null, sandbox: null, verification: { ...parsed.verification, wallTimeMs: 0, origin: null } };
    };
    expect(strip(queued.stdout)).toEqual(strip(local.stdout));
    // The origins differ in one way only: the queue's verdict names the queue and worker around the worker's own local run.
    const localOrigin = (JSON.parse(local.stdout) as { verification: { origin: unknown } }).verification.origin;
    // The client cannot vouch for the worker's sandbox: it names the queue that ran it, where the local run names its own.
    expect(JSON.parse(queued.stdout)).toMatchObject({ sandbox: { verifier: { kind: 'queue', queue: 'verus-repair' } } });
    expect(JSON.parse(local.stdout)).toMatchObject({ sandbox: { verifier: { kind: 'none' } } });
    expect(JSON.parse(queued.stdout)).toMatchObject({ runner: 'queue', verification: { status: 'failed', origin: { kind: 'queue', queue: 'verus-repair', ran: localOrigin } } });
  }, 60_000);

  it('a worker with the Docker runner keeps its sandbox: the fake docker enforces it and sees exactly the snapshot\'s files, read-only', async () => {
    const dockerFake = createFakeSetup('run-docker-crate-verified');
    const dockerEnvironment = { ...dockerFake.environment, VERUS_REPAIR_REDIS_URL: redis.url };
    const directory = createWorkerDirectory({ queue: { name: 'docker-test' } });
    const dockerWorker = await startQueueWorkerProcess(directory, dockerEnvironment, ['--docker']);
    started.push(dockerWorker);
    expect(dockerWorker.log()).toContain('runner docker');
    const result = await runCli(['verify', crate('verified', 'name = "docker-test"\nconnect_timeout = 2\njob_timeout = 30\n'), '--queue', '--json', '--no-cache'], environment);
    expect(JSON.parse(result.stdout)).toMatchObject({ runner: 'queue', verification: { status: 'verified' } });
    const [call] = dockerFake.readInvocations();
    expect(call?.argv.slice(0, 1)).toEqual(['run']);
    expect(call?.argv).toEqual(expect.arrayContaining(['--network', 'none', '--cap-drop', 'ALL']));
    expect(Object.values(call?.mounted ?? {}).map((files) => [...files].sort())).toEqual([['Cargo.toml', 'src/lib.rs']]);
    expect(call?.argv.find((argument) => argument.endsWith(':/work/crate:ro'))).toBeDefined();
  }, 60_000);

  it('names host:port of an unreachable Redis in one line, exit 1, without the password or a stack trace', async () => {
    const closed = `redis://:hunter2@127.0.0.1:${redis.port + 1}`;
    const result = await runCli(['verify', crate('verified', 'connect_timeout = 0.5\n'), '--queue'], { ...fake.environment, VERUS_REPAIR_REDIS_URL: closed });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`cannot reach Redis at 127.0.0.1:${redis.port + 1} (ECONNREFUSED`);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr + result.stdout).not.toContain('hunter2');
    const workerResult = await runCli(['worker', '--local', '--redis', `redis://127.0.0.1:${redis.port + 1}`], withoutModelKeys(fake.environment), createWorkerDirectory({ queue: { connect_timeout: 0.5 } }));
    expect(workerResult.exitCode).toBe(1);
    expect(workerResult.stderr).toContain(`cannot reach Redis at 127.0.0.1:${redis.port + 1}`);
  }, 30_000);

  it('refuses a password in --redis (`ps` shows a command line to every user), as [queue] url does, and points at VERUS_REPAIR_REDIS_URL', async () => {
    const withPassword = `redis://:hunter2@127.0.0.1:${redis.port}`;
    for (const args of [['worker', '--local', '--redis', withPassword], ['queue', 'status', '--redis', withPassword]]) {
      const result = await runCli(args, withoutModelKeys(fake.environment), createWorkerDirectory());
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('--redis: a URL with a password is refused on the command line');
      expect(result.stderr).toContain('set VERUS_REPAIR_REDIS_URL=');
      expect(result.stderr).not.toContain('hunter2');
      expect(result.stderr).not.toContain('serving');
    }
  }, 30_000);

  it('authenticates with the password from VERUS_REPAIR_REDIS_URL, and names a wrong one without printing it', async () => {
    const guarded = await startTestRedis(['requirepass hunter2']);
    try {
      const directory = createWorkerDirectory();
      const good = await runCli(['queue', 'status'], { ...fake.environment, VERUS_REPAIR_REDIS_URL: `redis://:hunter2@127.0.0.1:${guarded.port}` }, directory);
      expect(good.exitCode).toBe(0);
      expect(good.stdout).toContain(`queue verus-repair on Redis 127.0.0.1:${guarded.port}`);
      const bad = await runCli(['queue', 'status'], { ...fake.environment, VERUS_REPAIR_REDIS_URL: `redis://:wrong-hunter3@127.0.0.1:${guarded.port}` }, createWorkerDirectory({ queue: { connect_timeout: 1 } }));
      expect(bad.exitCode).toBe(1);
      expect(bad.stderr).toContain(`Redis at 127.0.0.1:${guarded.port}`);
      expect(bad.stderr).toMatch(/authentication failed|WRONGPASS/);
      expect(bad.stderr + good.stdout + good.stderr).not.toMatch(/hunter2|hunter3/);
    } finally {
      await guarded.stop();
    }
  }, 30_000);

  it('refuses a Redis that lacks the commands BullMQ needs, naming them', async () => {
    const crippled = await startTestRedis(['rename-command EVALSHA ""', 'rename-command XADD ""']);
    try {
      const crippledEnvironment = { ...fake.environment, VERUS_REPAIR_REDIS_URL: crippled.url };
      const status = await runCli(['queue', 'status'], crippledEnvironment, createWorkerDirectory());
      expect(status.exitCode).toBe(1);
      expect(status.stderr).toContain(`Redis at 127.0.0.1:${crippled.port} lacks EVALSHA, XADD`);
      const workerResult = await runCli(['worker', '--local'], withoutModelKeys(crippledEnvironment), createWorkerDirectory());
      expect(workerResult.exitCode).toBe(1);
      expect(workerResult.stderr).toContain('lacks EVALSHA, XADD');
    } finally {
      await crippled.stop();
    }
  }, 30_000);

  it('queue status shows jobs per toolchain pin and the workers online with their toolchains; drain removes the jobs no worker took', async () => {
    const queueTable = 'name = "status-test"\nconnect_timeout = 2\njob_timeout = 1\n';
    const directory = createWorkerDirectory({ queue: { name: 'status-test' } });
    const serving = await startQueueWorkerProcess(directory, environment, ['--concurrency', '2']);
    started.push(serving);
    expect((await runCli(['verify', crate('verified', queueTable), '--queue', '--no-cache'], environment)).exitCode).toBe(0);
    const orphan = crate('verified', queueTable);
    writeFileSync(path.join(orphan, 'other-pin.toml'), readFileSync(PACKAGED_PIN_FILE, 'utf8').replace('repository = "verus-repair/verus"', 'repository = "verus-repair/orphan"'));
    writeFileSync(path.join(orphan, 'verus-repair.toml'), readFileSync(path.join(orphan, 'verus-repair.toml'), 'utf8').replace('[verifier]\n', '[verifier]\npin_file = "other-pin.toml"\n'));
    const refused = await runCli(['verify', orphan, '--queue', '--no-cache'], environment);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/no worker with toolchain pin [0-9a-f]{16} took the job within 1 s/);
    const status = await runCli(['queue', 'status', '--json'], environment, directory);
    expect(status.exitCode).toBe(0);
    const parsed = JSON.parse(status.stdout) as { queues: Array<{ waiting: number; completed: number }>; workers: unknown[] };
    expect(parsed.queues.map((queue) => [queue.waiting, queue.completed]).sort()).toEqual([[0, 1], [1, 0]]);
    expect(parsed.workers).toEqual([expect.objectContaining({ pid: serving.pid, runner: 'local', concurrency: 2, queue: expect.stringMatching(/^status-test\.[0-9a-f]{16}$/) })]);
    const text = await runCli(['queue', 'status'], environment, directory);
    expect(text.stdout).toMatch(/toolchain pin [0-9a-f]{16}: 1 waiting, 0 active, 0 delayed, 0 completed, 0 failed/);
    expect(text.stdout).toContain(`pid ${serving.pid}: runner local, toolchain pin `);
    const drained = await runCli(['queue', 'drain'], environment, directory);
    expect(drained.stdout).toMatch(/status-test\.[0-9a-f]{16}: removed 1 waiting job\(s\)/);
    const after = JSON.parse((await runCli(['queue', 'status', '--json'], environment, directory)).stdout) as { queues: Array<{ waiting: number }> };
    expect(after.queues.map((queue) => queue.waiting)).toEqual([0, 0]);
  }, 60_000);

  it('SIGTERM lets the job in flight finish and exits 0; a second signal hands the job back to the queue', async () => {
    // Its own queue name: the workers of the other tests must not take these jobs.
    const table = 'name = "sigterm-test"\nconnect_timeout = 2\njob_timeout = 30\n';
    const first = await worker(['--queue', 'sigterm-test']);
    const baseline = verifierCalls();
    const submit = startCli(['verify', crate('slow', table), '--queue', '--json', '--no-cache'], environment);
    await waitForVerifierCalls(baseline + 1);
    process.kill(first.pid, 'SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.log()).toMatch(/finishing the jobs in flight[\s\S]*job [0-9a-f]{12}: verified[\s\S]*stopped/);
    expect(JSON.parse(String((await submit).stdout))).toMatchObject({ verification: { status: 'verified' } });

    const second = await worker(['--queue', 'sigterm-test']);
    const slowAgain = startCli(['verify', crate('slow', table), '--queue', '--json', '--no-cache'], environment);
    await waitForVerifierCalls(baseline + 2);
    process.kill(second.pid, 'SIGTERM');
    await second.waitForLog('finishing');
    process.kill(second.pid, 'SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.log()).toContain('handed back to the queue');
    expect(second.log()).not.toMatch(/job [0-9a-f]{12}: verified/);
    await worker(['--queue', 'sigterm-test']);
    expect(JSON.parse(String((await slowAgain).stdout))).toMatchObject({ verification: { status: 'verified' } });
    expect(verifierCalls()).toBe(baseline + 3);
  }, 60_000);
});

function verifierCalls(): number {
  return fake.readInvocations().filter((call) => call.tool === 'cargo-verus').length;
}

async function waitForVerifierCalls(count: number): Promise<void> {
  for (let attempt = 0; attempt < 800 && verifierCalls() < count; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  if (verifierCalls() < count) throw new Error(`expected ${count} verifier calls, saw ${verifierCalls()}`);
}
