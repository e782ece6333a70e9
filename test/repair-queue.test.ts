import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { simpleGit } from 'simple-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN, REFERENCE, createRepairWorld, editorReply, instructorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { createWorkerDirectory, startQueueWorkerProcess, type QueueWorkerProcess } from './fakes/queue-worker-process.js';
import { REDIS_SERVER_AVAILABLE, redisSuiteTitle, startTestRedis, type TestRedis } from './fakes/redis-server.js';
import { runCli } from './fakes/run-cli.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';

const WEAK = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(),\n');
let redis: TestRedis;
const worlds: RepairWorld[] = [];
let worker: QueueWorkerProcess | null = null;
/** The world the first test repaired through the queue (its ledger holds a verified commit). */
let queuedWorld: RepairWorld | null = null;

beforeAll(async () => {
  redis = await startTestRedis();
}, 30_000);

afterAll(async () => {
  if (worker !== null) process.kill(worker.pid, 'SIGTERM');
  await worker?.exited;
  await Promise.all(worlds.map((world) => world.close()));
  await redis.stop();
  removeTemporaryDirectories();
});

/** Each commit of the run: its message and its note, with wall times (the only thing a runner may change) blanked and the temporary repository's path replaced. */
async function readLedger(world: RepairWorld): Promise<string[]> {
  const log = await simpleGit(world.repoDir).raw(['log', '--reverse', '--notes=verus-repair', '--format=%B%x1f%N%x1e', 'verus-repair/e2e-run']);
  return log
    .split('\x1e')
    .map((entry) => entry.trim())
    .filter((entry) => entry.includes('Run-Id: e2e-run'))
    .map((entry) =>
      entry
        .replaceAll(world.repoDir, '<repo>')
        // Each world has its own model server; the origin names it.
        .replace(/http:\/\/127\.0\.0\.1:\d+/g, '<model server>')
        .replace(/"(wallTimeMs|verifierWallTimeMs)":\d+(\.\d+)?/g, '"$1":0')
        // The note's hash covers those timings; the note itself is compared.
        .replace(/^Note-SHA256: [0-9a-f]{64}$/m, 'Note-SHA256: (hash of the note)'),
    );
}

/** A queue ledger entry as the local run would have written it: the worker's own origin instead of the queue's wrapper. */
function unwrapQueueOrigin(entry: string): string {
  const [message = '', note = ''] = entry.split('\x1f');
  const parsed = JSON.parse(note) as { report: { verifierOrigin: { kind: string; ran?: unknown } } };
  if (parsed.report.verifierOrigin.kind === 'queue') parsed.report.verifierOrigin = parsed.report.verifierOrigin.ran as typeof parsed.report.verifierOrigin;
  return `${message.replace(/^Verifier: queue verus-repair worker \S+ pid \d+ \((.*)\)$/m, 'Verifier: $1')}\x1f${JSON.stringify(parsed)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe.skipIf(!REDIS_SERVER_AVAILABLE)(redisSuiteTitle('repair --queue (fake model server, worker process with the fake cargo-verus, real redis-server)'), () => {
  it('records the same ledger as --local: same candidates, same results', async () => {
    const local = await createRepairWorld();
    const queued = await createRepairWorld();
    worlds.push(local, queued);
    for (const world of [local, queued]) world.server.script(editorReply([WEAK]), instructorReply(), editorReply([REFERENCE]));
    const viaLocal = await runRepairInWorld(local, { houdiniRounds: 0, runner: 'local' });
    worker = await startQueueWorkerProcess(createWorkerDirectory(), { ...queued.environment, VERUS_REPAIR_REDIS_URL: redis.url });
    queuedWorld = queued;
    const viaQueue = await runRepairInWorld(queued, { houdiniRounds: 0, runner: 'queue', environment: { ...queued.environment, VERUS_REPAIR_REDIS_URL: redis.url } });
    expect(viaLocal.outcome.outcome).toBe('verified');
    expect(viaQueue.outcome.outcome).toBe('verified');
    expect([local.verifierCalls(), queued.verifierCalls()]).toEqual([3, 3]);
    expect(worker.log().match(/job [0-9a-f]{12}: (verified|failed)/g)).toHaveLength(3);
    const [localLedger, queueLedger] = [await readLedger(local), await readLedger(queued)];
    expect(localLedger.map((entry) => /Proof-Result: (\S+)/.exec(entry)?.[1])).toEqual(['failed', 'failed', 'verified']);
    // The queue's verdicts name the queue and worker around the worker's own local run: otherwise the same ledger.
    const verifierLine = (entry: string) => /^Verifier: (.*)$/m.exec(entry)?.[1] ?? '';
    expect(queueLedger.map(verifierLine)).toEqual(localLedger.map((entry) => expect.stringMatching(new RegExp(`^queue verus-repair worker \\S+ pid \\d+ \\(${escapeRegExp(verifierLine(entry))}\\)$`))));
    expect(queueLedger.map(unwrapQueueOrigin)).toEqual(localLedger);
  }, 120_000);
  it('audit --reverify with runner = "queue" verifies again and never reads a stored result, even one forged to say failed', async () => {
    const world = queuedWorld;
    if (world === null || worker === null) throw new Error('the first test did not run');
    const toml = path.join(world.repoDir, 'verus-repair.toml');
    writeFileSync(toml, readFileSync(toml, 'utf8').replace('runner = "local"', 'runner = "queue"'));
    const auditEnvironment = { ...world.environment, VERUS_REPAIR_REDIS_URL: redis.url };
    // A first audit leaves the worker's verdict for the audit's own job key in the shared store.
    await runCli(['audit', '--reverify', '--json', '--repo', world.repoDir], auditEnvironment);
    // A Redis writer turns every stored verdict (each still naming its own key) into "failed".
    const admin = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
    try {
      const keys = await admin.keys('verus-repair:verus-repair:result:*');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        const stored = JSON.parse((await admin.get(key)) ?? '{}') as { result: { status: string } };
        stored.result.status = 'failed';
        await admin.set(key, JSON.stringify(stored));
      }
    } finally {
      admin.disconnect();
    }
    const jobsBefore = worker.log().match(/job [0-9a-f]{12}: verified/g)?.length ?? 0;
    const audit = await runCli(['audit', '--reverify', '--json', '--repo', world.repoDir], auditEnvironment);
    const report = JSON.parse(audit.stdout) as { runs: Array<{ runId: string; findings: Array<{ rule: string; message: string }> }> };
    // Only the verdict checks are this test's business (other audit rules have their own tests).
    const verdictFindings = report.runs.flatMap((run) => run.findings).filter((finding) => finding.rule.startsWith('reverify') || finding.rule === 'verifier-unavailable');
    expect(verdictFindings).toEqual([]);
    // The one verified commit was verified again by the worker.
    expect(worker.log().match(/job [0-9a-f]{12}: verified/g)?.length ?? 0).toBe(jobsBefore + 1);
  }, 120_000);
});
