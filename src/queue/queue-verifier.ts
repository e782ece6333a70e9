import { AdapterError, ConfigurationError } from '../core/errors.js';
import { originOfCacheHit } from '../core/verdict-origin.js';
import type { VerificationOptions, VerificationTarget } from '../core/verifier.js';
import type { VerifierResult } from '../core/verifier-result.js';
import { describeUncarriedInputs } from '../verifier/cache/list-outside-inputs.js';
import { listVerificationInputs } from '../verifier/cache/list-verification-inputs.js';
import type { QueueSettings } from '../verifier/config/queue-config.js';
import { checkExtraVerusArguments } from '../verifier/jobs/extra-verus-argument-allow-list.js';
import type { ReportingVerifier, VerificationWithReport } from '../verifier/runners/reporting-verifier.js';
import { throwAbortReason } from '../verifier/runners/throw-if-aborted.js';
import { acceptQueueJobResult } from './jobs/accept-queue-job-result.js';
import { describeConnectionError, REDIS_CONNECT_TIMEOUT_MS } from './redis/connect-redis.js';
import { computeJobKey, describeQueueToolchain } from './describe-queue-toolchain.js';
import { describeJobTimeout } from './worker/describe-job-timeout.js';
import { createJobId } from './jobs/queue-job-id.js';
import { JOB_FORMAT, toJobOptions, toJobTarget, type QueueJob } from './jobs/queue-job.js';
import type { QueueJobResult } from './jobs/queue-job-result.js';
import { queueKeys } from './redis/queue-keys.js';
import type { RedisEndpoint } from './redis/redis-endpoint.js';
import { SNAPSHOT_LIMITS } from './snapshot/snapshot-limits.js';
import { SubmitterConnection, type SubmitterLink } from './redis/submitter-connection.js';
import { waitForJob } from './jobs/wait-for-job.js';
import { readVerificationSnapshot, type VerificationSnapshot } from './snapshot/verification-snapshot.js';

export interface QueueVerifierSettings {
  endpoint: RedisEndpoint;
  queue: QueueSettings;
  /** hashToolchainPin of the pin the workers must run. */
  pinHash: string;
  /** How long Redis may be unreachable before a check fails naming it (default 10 s). */
  connectTimeoutMs?: number;
  /** VERUS_REPAIR_RESULT_SECRET: when set, only verdicts a worker signed with it are accepted. */
  resultSecret?: string | null;
  /** Told when a stored verdict was ignored (it names another job's key, or its signature is wrong); default: stderr. */
  warn?: (message: string) => void;
}

/** Times a job is sent again when Redis lost it (restart without data) or lost its snapshot. */
const RESUBMISSIONS = 2;
const POLL_MS = 1000;

/**
 * The queue runner: each check becomes a BullMQ job run by a `verus-repair worker` with the same
 * toolchain pin. The job id is the verdict's cache key, so identical candidates anywhere in the
 * cluster run once, and a verdict already shared in Redis comes back without a job.
 */
export class QueueVerifier implements ReportingVerifier {
  readonly runner = 'queue' as const;
  private readonly connection: SubmitterConnection;

  constructor(private readonly settings: QueueVerifierSettings) {
    this.connection = new SubmitterConnection(settings.endpoint, queueKeys(settings.queue.name), settings.pinHash, settings.connectTimeoutMs ?? REDIS_CONNECT_TIMEOUT_MS);
  }

  async verify(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerifierResult> {
    return (await this.verifyWithReport(target, options, signal)).result;
  }

  async verifyWithReport(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerificationWithReport> {
    if (signal?.aborted === true) throwAbortReason(signal);
    const refused = checkExtraVerusArguments(options.extraVerusArgs);
    if (refused !== null) throw new ConfigurationError(`verifier.extra_verus_args: ${refused}; a queue worker refuses such a job. Remove it, or verify with --local or --docker`);
    const inputs = await listVerificationInputs(target);
    // The worker builds the snapshot alone: what cargo would read outside it cannot come along.
    const uncarried = describeUncarriedInputs(inputs.root, inputs.outside, 'a queue job', { resolvesInheritance: false });
    if (uncarried !== null) throw new ConfigurationError(`${uncarried}${inputs.outside?.pathDependencies.length === 0 ? ' or --docker' : ''}`);
    const key = await computeJobKey(inputs, target, options, this.settings.pinHash);
    const link = await this.connection.acquire();
    try {
      // --no-cache and audit --reverify: no stored verdict answers, the job runs again.
      if (options.fresh !== true) {
        const stored = await link.store.readResult(key).catch((error: Error) => this.unreachable(error));
        const check = stored === null ? null : acceptQueueJobResult(stored, key, this.settings.resultSecret ?? null);
        if (check?.kind === 'accepted') return { result: { ...check.outcome.result, origin: originOfCacheHit(check.outcome.result.origin) }, report: check.outcome.report };
        if (check?.kind === 'rejected') this.warn(`ignored the verdict stored in Redis for job ${key.slice(0, 12)}: ${check.reason}; verifying again`);
      }
      const snapshot = await readVerificationSnapshot(inputs);
      const bytes = snapshot.files.reduce((sum, file) => sum + file.bytes.length, 0);
      if (bytes > SNAPSHOT_LIMITS.maxBytes || snapshot.files.length > SNAPSHOT_LIMITS.maxFiles) {
        throw new AdapterError(`the verification inputs (${snapshot.files.length} files, ${bytes} bytes) exceed what a worker accepts (${SNAPSHOT_LIMITS.maxFiles} files, ${SNAPSHOT_LIMITS.maxBytes} bytes); verify this target with --local or --docker`);
      }
      const job: QueueJob = { format: JOB_FORMAT, snapshotHash: snapshot.hash, pinHash: this.settings.pinHash, target: toJobTarget(target, inputs.root), options: toJobOptions(options) };
      return await this.submitAndWait(link, key, createJobId(key, options.fresh === true), snapshot, job, signal);
    } finally {
      this.connection.release();
    }
  }

  async describeToolchain(): Promise<string> {
    return describeQueueToolchain(this.settings.pinHash);
  }

  private async submitAndWait(link: SubmitterLink, key: string, jobId: string, snapshot: VerificationSnapshot, job: QueueJob, signal?: AbortSignal): Promise<QueueJobResult> {
    const { queue } = this.settings;
    for (let submission = 0; ; submission += 1) {
      await this.enqueue(link, jobId, snapshot, job).catch((error: Error) => this.unreachable(error));
      const outcome = await waitForJob(link.queue, link.events, jobId, {
        deadlineMs: queue.jobTimeoutMs,
        pollMs: POLL_MS,
        outageMs: this.settings.connectTimeoutMs ?? REDIS_CONNECT_TIMEOUT_MS,
        ...(signal === undefined ? {} : { signal }),
      });
      switch (outcome.kind) {
        case 'completed': {
          const check = acceptQueueJobResult(outcome.returnvalue, key, this.settings.resultSecret ?? null);
          if (check.kind === 'rejected') throw new AdapterError(`the result of queue job ${key.slice(0, 12)} was ignored: ${check.reason}`);
          if (check.outcome.result.status !== 'verified' && check.outcome.result.status !== 'failed') await link.queue.remove(jobId).catch(() => undefined);
          return check.outcome;
        }
        case 'failed':
          if (outcome.reason.startsWith('snapshot-missing') && submission < RESUBMISSIONS) continue;
          throw new AdapterError(`the queue job ${key.slice(0, 12)} failed on a worker: ${outcome.reason}`);
        case 'vanished':
          // Its snapshot still there means the job alone was removed (`queue drain`): that is a decision, not an accident.
          if (await link.store.hasSnapshot(snapshot.hash).catch((error: Error) => this.unreachable(error))) {
            throw new AdapterError(`the queue job ${key.slice(0, 12)} was removed from the queue before a worker finished it (verus-repair queue drain?); the check was not completed`);
          }
          if (submission < RESUBMISSIONS) continue;
          throw new AdapterError(`the queue job ${key.slice(0, 12)} disappeared from Redis at ${this.settings.endpoint.display} ${RESUBMISSIONS + 1} times (restarted without its data, or drained)`, { isRetryable: true });
        case 'timeout':
          throw new AdapterError(await describeJobTimeout(link.client, { state: outcome.state, pinHash: this.settings.pinHash, timeoutMs: queue.jobTimeoutMs }));
        case 'unreachable':
          return this.unreachable(outcome.error);
        default:
          return outcome satisfies never;
      }
    }
  }

  private async enqueue(link: SubmitterLink, jobId: string, snapshot: VerificationSnapshot, job: QueueJob): Promise<void> {
    await link.store.ensureSnapshot(snapshot);
    await link.store.registerPin(this.settings.pinHash);
    const existing = await link.queue.getJob(jobId);
    if (existing !== undefined && (await existing.isFailed())) await existing.remove().catch(() => undefined);
    await link.queue.add('verify', job, {
      jobId,
      attempts: this.settings.queue.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  private warn(message: string): void {
    (this.settings.warn ?? ((line: string) => process.stderr.write(`verus-repair: warning: ${line}\n`)))(message);
  }

  private unreachable(error: Error): never {
    if (error instanceof AdapterError) throw error;
    throw new AdapterError(`lost Redis at ${this.settings.endpoint.display} (${describeConnectionError(error)}); the check was not completed`, { isRetryable: true });
  }
}
