import os from 'node:os';
import { UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { QueueSettings } from '../../verifier/config/queue-config.js';
import type { ReportingVerifier } from '../../verifier/runners/reporting-verifier.js';
import { blockingConnectionOptions, checkRedisCapabilities, connectRedis, createRedisClient } from '../redis/connect-redis.js';
import { MissingSnapshotError, processQueueJob } from './process-queue-job.js';
import type { QueueJobResult } from '../jobs/queue-job-result.js';
import { KEY_PREFIX, queueKeys } from '../redis/queue-keys.js';
import type { RedisEndpoint } from '../redis/redis-endpoint.js';
import { RejectedJobError } from '../jobs/rejected-job-error.js';
import { SharedStore } from '../snapshot/shared-store.js';
import { sweepAbandonedJobDirectories } from './sweep-abandoned-job-directories.js';
import { formatWorkerName } from './worker-name.js';

export interface QueueWorkerSettings {
  endpoint: RedisEndpoint;
  queue: QueueSettings;
  concurrency: number;
  pinHash: string;
  runner: 'docker' | 'local';
  verifier: ReportingVerifier;
  /** The worker's private directory (prepareWorkerDirectory), where each job is written. */
  workerRoot: string;
  /** VERUS_REPAIR_RESULT_SECRET, to sign verdicts with; null: unsigned. */
  resultSecret: string | null;
  /** One line per event (job done, job refused, shutting down); never the Redis URL. */
  log: (line: string) => void;
}

/** A started worker: `stop(false)` lets jobs in flight finish, `stop(true)` hands them back to the queue. */
export interface RunningQueueWorker {
  queueName: string;
  stop(handBack: boolean): Promise<void>;
}

/**
 * A BullMQ worker on the queue of this worker's toolchain pin. BullMQ does the rest: the job lock and
 * its renewal, retries with backoff, and stalled-job recovery when a worker dies mid-job.
 */
export async function startQueueWorker(settings: QueueWorkerSettings): Promise<RunningQueueWorker> {
  const keys = queueKeys(settings.queue.name);
  const client = createRedisClient(settings.endpoint);
  try {
    await connectRedis(client, settings.endpoint, settings.queue.connectTimeoutMs);
    await checkRedisCapabilities(client, settings.endpoint);
  } catch (error) {
    client.disconnect();
    throw error;
  }
  const store = new SharedStore(client, keys);
  await store.registerPin(settings.pinHash);
  const swept = await sweepAbandonedJobDirectories();
  if (swept > 0) settings.log(`removed ${swept} job director${swept === 1 ? 'y' : 'ies'} left by killed workers`);
  let handingBack = false;
  const queueName = keys.jobQueue(settings.pinHash);
  const worker = new Worker<unknown, QueueJobResult>(
    queueName,
    async (job: Job<unknown, QueueJobResult>, token?: string, signal?: AbortSignal) => {
      const started = performance.now();
      try {
        const outcome = await processQueueJob(String(job.id), job.data, { pinHash: settings.pinHash, verifier: settings.verifier, store, origin: { queue: settings.queue.name, worker: `${os.hostname()} pid ${process.pid}` }, workerRoot: settings.workerRoot, resultSecret: settings.resultSecret }, signal);
        settings.log(`job ${String(job.id).slice(0, 12)}: ${outcome.result.status} in ${Math.round(performance.now() - started)} ms`);
        return outcome;
      } catch (error) {
        if (handingBack && signal?.aborted === true && token !== undefined) {
          await job.moveToWait(token);
          settings.log(`job ${String(job.id).slice(0, 12)}: handed back to the queue`);
          throw new WaitingError();
        }
        if (error instanceof MissingSnapshotError) throw new UnrecoverableError(`snapshot-missing: ${error.message}`);
        if (error instanceof RejectedJobError) {
          settings.log(`job ${String(job.id).slice(0, 12)}: refused: ${error.message}`);
          throw new UnrecoverableError(error.message);
        }
        throw error;
      }
    },
    {
      connection: blockingConnectionOptions(settings.endpoint),
      prefix: KEY_PREFIX,
      concurrency: settings.concurrency,
      lockDuration: settings.queue.lockDurationMs,
      stalledInterval: settings.queue.lockDurationMs,
      maxStalledCount: settings.queue.attempts,
      name: formatWorkerName({ host: os.hostname(), pid: process.pid, runner: settings.runner, pinHash: settings.pinHash, concurrency: settings.concurrency }),
    },
  );
  worker.on('error', () => undefined);
  await worker.waitUntilReady();
  return {
    queueName,
    async stop(handBack: boolean) {
      if (handBack) {
        handingBack = true;
        worker.cancelAllJobs('the worker is shutting down');
      }
      await worker.close();
      client.disconnect();
    },
  };
}
