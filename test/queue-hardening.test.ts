import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationOptions, VerificationTarget } from '../src/core/verifier.js';
import { listVerificationInputs } from '../src/verifier/cache/list-verification-inputs.js';
import { computeJobKey } from '../src/queue/describe-queue-toolchain.js';
import { JOB_FORMAT } from '../src/queue/jobs/queue-job.js';
import { KEY_PREFIX, queueKeys } from '../src/queue/redis/queue-keys.js';
import { hashSnapshotFiles, SNAPSHOT_FORMAT, type SnapshotFile } from '../src/queue/snapshot/verification-snapshot.js';
import { hashToolchainPin } from '../src/verifier/toolchain/hash-toolchain-pin.js';
import { PACKAGED_PIN_FILE } from '../src/verifier/toolchain/packaged-paths.js';
import { loadToolchainPin } from '../src/verifier/toolchain/read-toolchain-pin.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { createWorkerDirectory, startQueueWorkerProcess, withoutModelKeys, type QueueWorkerProcess, stopQueueWorkers } from './fakes/queue-worker-process.js';
import { REDIS_SERVER_AVAILABLE, redisSuiteTitle, startTestRedis, type TestRedis } from './fakes/redis-server.js';
import { runCli, startCli } from './fakes/run-cli.js';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';

// Issue 18, items 1 and 2: what someone who can write to Redis can do to a worker and to a submitter.
// Real redis-server, real `verus-repair worker --local` processes and real cargo; behind cargo, the
// fake cargo-verus (synthetic outputs, test/fixtures/verus/run-queue-mixed) answering by a marker in src/lib.rs.
const QUEUE = 'hardening';
const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 60_000, extraVerusArgs: [] };
const fake = createFakeSetup('run-queue-mixed');
let redis: TestRedis;
let admin: Redis;
let queue: Queue;
let pinHash: string;
let environment: NodeJS.ProcessEnv;
const workers: QueueWorkerProcess[] = [];

/** A crate the fake verifier fails (or verifies), unique per call; with the verus-repair.toml `verify` reads. */
function crate(marker: 'failed' | 'verified'): string {
  const crateDir = createTemporaryCrate({
    'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n\n[queue]\nname = "${QUEUE}"\nconnect_timeout = 2\njob_timeout = 60\n`,
  });
  appendFileSync(path.join(crateDir, 'src', 'lib.rs'), `// queue: ${marker}\n// ${Math.random()}\n`);
  return crateDir;
}

async function keyOf(crateDir: string): Promise<string> {
  const target: VerificationTarget = { kind: 'crate', crateDir };
  return computeJobKey(await listVerificationInputs(target), target, options, pinHash);
}

async function snapshotFilesOf(crateDir: string): Promise<SnapshotFile[]> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir });
  return inputs.files.map((file) => ({ path: file, bytes: readFileSync(path.join(crateDir, file)) }));
}

/** Stores a snapshot as the submitter does and pushes a job straight into the pin's queue; returns how it ended. */
async function pushJob(jobId: string, files: SnapshotFile[], jobOptions: VerificationOptions = options, target: Record<string, unknown> = { kind: 'crate', crateDir: '.' }): Promise<{ state: string; reason: string; attempts: number }> {
  const sorted = [...files].sort((left, right) => Buffer.compare(Buffer.from(left.path), Buffer.from(right.path)));
  const snapshotHash = hashSnapshotFiles(sorted);
  // An earlier test's `verify --queue` of the same crate left a finished job under this id; BullMQ
  // would ignore the add and hand back that job (a 25 ms "failure" with no reason in CI).
  await queue.remove(jobId);
  await admin.set(queueKeys(QUEUE).snapshot(snapshotHash), JSON.stringify({ format: SNAPSHOT_FORMAT, files: sorted.map((file) => ({ path: file.path, content: file.bytes.toString('base64') })) }));
  await queue.add('verify', { format: JOB_FORMAT, snapshotHash, pinHash, target, options: jobOptions }, { jobId, attempts: 3 });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const state = await queue.getJobState(jobId);
    if (state === 'failed' || state === 'completed') {
      // Read the job only once it has ended: a copy fetched while it was active has no failedReason
      // yet, and the state check after it would see the move (CI saw '' for a refused job).
      const job = await queue.getJob(jobId);
      return { state, reason: job?.failedReason ?? '', attempts: job?.attemptsMade ?? 0 };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not end within 60 s`);
}

/** An evil crate outside any job: it records that it ran, flips the marker to "verified", then calls the verifier. */
function writeEvilCrate(): { manifest: string; evidence: string } {
  const directory = createTemporaryDirectory('evil');
  const evidence = path.join(directory, 'the-evil-crate-ran');
  mkdirSync(path.join(directory, 'src'));
  writeFileSync(path.join(directory, 'Cargo.toml'), '[package]\nname = "evil"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n');
  writeFileSync(path.join(directory, 'src', 'main.rs'), `fn main() {
    std::fs::write(${JSON.stringify(evidence)}, "ran").unwrap();
    let lib = std::fs::read_to_string("src/lib.rs").unwrap();
    std::fs::write("src/lib.rs", lib.replace("queue: failed", "queue: verified")).unwrap();
    let status = std::process::Command::new("cargo-verus").arg("verus").args(std::env::args().skip(1)).status().unwrap();
    std::process::exit(status.code().unwrap_or(1));
}
`);
  return { manifest: path.join(directory, 'Cargo.toml'), evidence };
}

function aliasTo(manifest: string): string {
  return `[alias]\nverus = ["run", "--quiet", "--manifest-path", ${JSON.stringify(manifest)}, "--"]\n`;
}

function verifierCalls(): number {
  return fake.readInvocations().filter((call) => call.tool === 'cargo-verus').length;
}

beforeAll(async () => {
  redis = await startTestRedis();
  admin = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
  pinHash = hashToolchainPin(await loadToolchainPin(PACKAGED_PIN_FILE));
  queue = new Queue(queueKeys(QUEUE).jobQueue(pinHash), { connection: admin, prefix: KEY_PREFIX });
  environment = { ...fake.environment, VERUS_REPAIR_REDIS_URL: redis.url };
  workers.push(await startQueueWorkerProcess(createWorkerDirectory({ queue: { name: QUEUE } }), environment));
}, 60_000);

afterAll(async () => {
  await stopQueueWorkers(workers);
  await queue?.close();
  admin?.disconnect();
  await redis?.stop();
  removeTemporaryDirectories();
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)(redisSuiteTitle('a Redis writer against workers and submitters'), () => {
  it('refuses a crafted job whose snapshot adds a .cargo/config.toml alias and an evil crate: nothing runs, no verdict is stored', async () => {
    const broken = crate('failed');
    const key = await keyOf(broken);
    const evidence = path.join(createTemporaryDirectory('evidence'), 'the-evil-crate-ran');
    // The alias replaces `cargo verus` with `cargo run` of the job's own crate, which flips the marker and then calls the real verifier.
    const evil: SnapshotFile[] = [
      { path: '.cargo/config.toml', bytes: Buffer.from('[alias]\nverus = ["run", "--quiet", "--manifest-path", "evil/Cargo.toml", "--"]\n') },
      { path: 'evil/Cargo.toml', bytes: Buffer.from('[package]\nname = "evil"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n') },
      {
        path: 'evil/src/main.rs',
        bytes: Buffer.from(`fn main() {
    std::fs::write(${JSON.stringify(evidence)}, "ran").unwrap();
    let lib = std::fs::read_to_string("src/lib.rs").unwrap();
    std::fs::write("src/lib.rs", lib.replace("queue: failed", "queue: verified")).unwrap();
    let status = std::process::Command::new("cargo-verus").arg("verus").args(std::env::args().skip(1)).status().unwrap();
    std::process::exit(status.code().unwrap_or(1));
}
`),
      },
    ];
    const before = verifierCalls();
    const ended = await pushJob(key, [...(await snapshotFilesOf(broken)), ...evil]);
    expect(ended).toEqual({ state: 'failed', reason: expect.stringContaining('".cargo/config.toml" is cargo configuration, which a job may not carry'), attempts: 1 });
    expect(existsSync(evidence)).toBe(false);
    expect(verifierCalls()).toBe(before);
    expect(await admin.get(queueKeys(QUEUE).result(key))).toBeNull();
    expect(workers[0]?.log()).toContain(`job ${key.slice(0, 12)}: refused: snapshot`);
    // The crate's own check then runs the real verdict: failed.
    const verified = await runCli(['verify', broken, '--queue', '--json'], environment);
    expect(JSON.parse(verified.stdout)).toMatchObject({ runner: 'queue', verification: { status: 'failed' } });
  }, 90_000);

  it('refuses a job carrying a file outside the verification inputs, a toolchain override, or a Verus argument verus-repair never sends', async () => {
    const broken = crate('failed');
    const key = await keyOf(broken);
    const inputs = await snapshotFilesOf(broken);
    const extra = await pushJob(key, [...inputs, { path: 'notes/readme.md', bytes: Buffer.from('x') }]);
    expect(extra.reason).toContain('"notes/readme.md" is not a verification input of a crate');
    await queue.remove(key);
    const toolchain = await pushJob(key, [...inputs, { path: 'src/rust-toolchain.toml', bytes: Buffer.from('[toolchain]\npath = "/tmp/evil"\n') }]);
    expect(toolchain.reason).toContain('"src/rust-toolchain.toml" is a toolchain override');
    await queue.remove(key);
    const logDir = await pushJob(key, inputs, { ...options, extraVerusArgs: ['--log-dir', '/root/.ssh/x'] });
    expect(logDir).toMatchObject({ state: 'failed', attempts: 1, reason: expect.stringContaining('extra Verus argument "--log-dir" is not one verus-repair itself sends') });
    expect(await admin.get(queueKeys(QUEUE).result(key))).toBeNull();
  }, 90_000);

  it('refuses a crafted job whose target lacks its crateDir or filePath with a clear reason, not a TypeError (issue 27, item 4)', async () => {
    const broken = crate('failed');
    const key = await keyOf(broken);
    const inputs = await snapshotFilesOf(broken);
    const before = verifierCalls();
    const noCrate = await pushJob(key, inputs, options, { kind: 'crate' });
    expect(noCrate).toEqual({ state: 'failed', attempts: 1, reason: expect.stringContaining('malformed job payload at target.crateDir: a "crate" target needs crateDir "."') });
    await queue.remove(key);
    const noFile = await pushJob(key, inputs, options, { kind: 'file', only: null });
    expect(noFile).toEqual({ state: 'failed', attempts: 1, reason: expect.stringContaining('malformed job payload at target.filePath: a "file" target needs a filePath') });
    for (const ended of [noCrate, noFile]) expect(ended.reason).not.toContain('TypeError');
    expect(verifierCalls()).toBe(before);
    expect(await admin.get(queueKeys(QUEUE).result(key))).toBeNull();
  }, 90_000);

  it('a submitter refuses extra_verus_args a worker would refuse, naming the key, before sending anything', async () => {
    const broken = crate('failed');
    const toml = path.join(broken, 'verus-repair.toml');
    writeFileSync(toml, readFileSync(toml, 'utf8').replace('[verifier]\n', '[verifier]\nextra_verus_args = ["--log-dir", "/root/.ssh/x"]\n'));
    const result = await runCli(['verify', broken, '--queue'], environment);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('verifier.extra_verus_args: extra Verus argument "--log-dir" is not one verus-repair itself sends');
  }, 30_000);

  it('never accepts a stored verdict for another job\'s key: it is ignored with a warning and the job runs', async () => {
    const good = crate('verified');
    const broken = crate('failed');
    expect(JSON.parse((await runCli(['verify', good, '--queue', '--json'], environment)).stdout)).toMatchObject({ verification: { status: 'verified' } });
    const stolen = await admin.get(queueKeys(QUEUE).result(await keyOf(good)));
    expect(stolen).not.toBeNull();
    // A Redis writer copies the good crate's verdict to the broken crate's key.
    await admin.set(queueKeys(QUEUE).result(await keyOf(broken)), stolen ?? '');
    const before = verifierCalls();
    const result = await runCli(['verify', broken, '--queue', '--json'], environment);
    expect(JSON.parse(result.stdout)).toMatchObject({ verification: { status: 'failed' } });
    expect(result.stderr).toContain(`warning: ignored the verdict stored in Redis for job ${(await keyOf(broken)).slice(0, 12)}: it answers job ${(await keyOf(good)).slice(0, 12)}`);
    expect(verifierCalls()).toBe(before + 1);
  }, 60_000);

  it('--no-cache takes no stored verdict, not even one forged for the right key: the job runs again', async () => {
    const good = crate('verified');
    const broken = crate('failed');
    await runCli(['verify', good, '--queue', '--json'], environment);
    // A writer who can compute the broken crate's key forges a verdict for exactly that key.
    const forged = JSON.parse((await admin.get(queueKeys(QUEUE).result(await keyOf(good)))) ?? '{}') as { key: string };
    forged.key = await keyOf(broken);
    await admin.set(queueKeys(QUEUE).result(forged.key), JSON.stringify(forged));
    const before = verifierCalls();
    const fresh = await runCli(['verify', broken, '--queue', '--no-cache'], environment);
    expect(fresh.stdout).toMatch(/FAILED/);
    expect(fresh.stdout).not.toMatch(/VERIFIED|cached/);
    expect(fresh.exitCode).toBe(1);
    expect(verifierCalls()).toBe(before + 1);
    // Without --no-cache, a forgery for the right key is what an unsigned queue cannot tell apart (docs/scale-out.md says so).
    await admin.set(queueKeys(QUEUE).result(forged.key), JSON.stringify(forged));
    expect((await runCli(['verify', broken, '--queue'], environment)).stdout).toMatch(/VERIFIED/);
  }, 60_000);

  it('with VERUS_REPAIR_RESULT_SECRET on both sides, an unsigned verdict forged for the right key is ignored, and a signed one is taken', async () => {
    const secret = 'a-shared-secret-of-the-test-0123456789';
    const signedQueue = 'signed';
    const signedEnvironment = { ...environment, VERUS_REPAIR_RESULT_SECRET: secret };
    const signedWorker = await startQueueWorkerProcess(createWorkerDirectory({ queue: { name: signedQueue } }), signedEnvironment);
    workers.push(signedWorker);
    expect(signedWorker.log()).toContain('verdicts signed');
    const good = crate('verified');
    const broken = crate('failed');
    for (const crateDir of [good, broken]) {
      const toml = path.join(crateDir, 'verus-repair.toml');
      writeFileSync(toml, readFileSync(toml, 'utf8').replace(`name = "${QUEUE}"`, `name = "${signedQueue}"`));
    }
    expect(JSON.parse((await runCli(['verify', good, '--queue', '--json'], signedEnvironment)).stdout)).toMatchObject({ verification: { status: 'verified' } });
    const before = verifierCalls();
    // The good verdict, taken again from the store: its signature holds.
    expect((await runCli(['verify', good, '--queue'], signedEnvironment)).stdout).toMatch(/VERIFIED.*cached/);
    expect(verifierCalls()).toBe(before);
    const forged = JSON.parse((await admin.get(queueKeys(signedQueue).result(await keyOf(good)))) ?? '{}') as { key: string; signature?: string };
    forged.key = await keyOf(broken);
    await admin.set(queueKeys(signedQueue).result(forged.key), JSON.stringify(forged));
    const result = await runCli(['verify', broken, '--queue'], signedEnvironment);
    expect(result.stdout).toMatch(/FAILED/);
    expect(result.stderr).toContain('its signature is wrong');
    expect(verifierCalls()).toBe(before + 1);
  }, 90_000);
  it('refuses to start while cargo would read a .cargo/config.toml in an ancestor of its job directories, naming it', async () => {
    const evil = writeEvilCrate();
    const temporary = createTemporaryDirectory('tmpdir-with-cargo-config');
    mkdirSync(path.join(temporary, '.cargo'));
    writeFileSync(path.join(temporary, '.cargo', 'config.toml'), aliasTo(evil.manifest));
    const result = await runCli(['worker', '--local'], withoutModelKeys({ ...environment, TMPDIR: temporary }), createWorkerDirectory({ queue: { name: QUEUE } }));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`refusing to serve jobs: cargo would read ${path.join(temporary, '.cargo', 'config.toml')} for every job`);
    expect(existsSync(evil.evidence)).toBe(false);
  }, 30_000);

  it('gives cargo a CARGO_HOME of its own: an alias in the operator\'s CARGO_HOME config cannot replace cargo-verus', async () => {
    const evil = writeEvilCrate();
    const operatorHome = createTemporaryDirectory('operator-cargo-home');
    writeFileSync(path.join(operatorHome, 'config.toml'), aliasTo(evil.manifest));
    const queueName = 'cargo-home';
    const homeEnvironment = { ...environment, CARGO_HOME: operatorHome };
    const homeWorker = await startQueueWorkerProcess(createWorkerDirectory({ queue: { name: queueName } }), homeEnvironment);
    workers.push(homeWorker);
    const broken = crate('failed');
    const toml = path.join(broken, 'verus-repair.toml');
    writeFileSync(toml, readFileSync(toml, 'utf8').replace(`name = "${QUEUE}"`, `name = "${queueName}"`));
    const result = await runCli(['verify', broken, '--queue', '--json', '--no-cache'], environment);
    expect(JSON.parse(result.stdout)).toMatchObject({ verification: { status: 'failed' } });
    expect(existsSync(evil.evidence)).toBe(false);
    // The downloaded crates stay shared: the worker's cargo home links the operator's registry.
    expect(existsSync(path.join(operatorHome, 'registry'))).toBe(true);
  }, 60_000);

  it('refuses to start with a model key in its environment unless --allow-model-env, and never passes a secret through pass_env', async () => {
    const directory = createWorkerDirectory({ queue: { name: 'model-env' } });
    const refused = await runCli(['worker', '--local'], { ...environment, OPENAI_API_KEY: 'decoy-secret-must-not-leak', ANTHROPIC_API_KEY: 'decoy-two' }, directory);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('refusing to start: OPENAI_API_KEY, ANTHROPIC_API_KEY are set, and a worker needs no model key');
    expect(refused.stderr).toContain('--allow-model-env');
    expect(refused.stderr).not.toContain('decoy');
    const allowed = startCli(['worker', '--local', '--allow-model-env'], { ...environment, OPENAI_API_KEY: 'decoy-secret-must-not-leak' }, directory);
    let log = '';
    allowed.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && !log.includes('serving'); ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toContain('serving model-env.');
    allowed.kill('SIGTERM');
    expect((await allowed).exitCode).toBe(0);
    const passing = createWorkerDirectory({ queue: { name: 'model-env' } });
    const toml = path.join(passing, 'verus-repair.toml');
    writeFileSync(toml, readFileSync(toml, 'utf8').replace(/pass_env = \[/, 'pass_env = ["VERUS_REPAIR_REDIS_URL", '));
    const leaking = await runCli(['worker', '--local'], withoutModelKeys(environment), passing);
    expect(leaking.exitCode).toBe(2);
    expect(leaking.stderr).toContain('verifier.pass_env: a worker never passes VERUS_REPAIR_REDIS_URL to the verifier');
  }, 60_000);
});
