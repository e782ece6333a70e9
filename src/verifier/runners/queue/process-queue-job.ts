import { rm } from 'node:fs/promises';
import { listVerificationInputs } from '../../cache/list-verification-inputs.js';
import type { ReportingVerifier } from '../reporting-verifier.js';
import { decodeSnapshot } from './decode-snapshot.js';
import { computeJobKey } from './describe-queue-toolchain.js';
import { materializeSnapshot } from './materialize-snapshot.js';
import { fromJobTarget, queueJobSchema } from './queue-job.js';
import type { QueueJobResult } from './queue-job-result.js';
import { RejectedJobError } from './rejected-job-error.js';
import type { SharedStore } from './shared-store.js';
import { MAX_PAYLOAD_BYTES, MAX_RESULT_BYTES } from './snapshot-limits.js';

/** What a worker brings to every job: its toolchain pin, the runner that does the work, the shared store, and whom to name as the verdict's origin. */
export interface JobProcessingServices {
  pinHash: string;
  verifier: ReportingVerifier;
  store: SharedStore;
  /** The queue's configured name and this worker (host and pid), wrapped around the runner's own origin. */
  origin: { queue: string; worker: string };
}

/** The snapshot a job names is not in Redis (evicted, or Redis restarted): the submitter sends it again. */
export class MissingSnapshotError extends Error {
  override readonly name = 'MissingSnapshotError';
}

/**
 * Runs one job, treating it as untrusted: payload schema and size, the pin, the snapshot's names and
 * hash, and the job id (it must be the key of exactly this work, so no job can plant a verdict for
 * other sources). Then verification in a private directory, then the verdict into the shared cache.
 */
export async function processQueueJob(jobId: string, data: unknown, services: JobProcessingServices, signal?: AbortSignal): Promise<QueueJobResult> {
  if (JSON.stringify(data ?? null).length > MAX_PAYLOAD_BYTES) throw new RejectedJobError(`payload exceeds ${MAX_PAYLOAD_BYTES} bytes`);
  const parsed = queueJobSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RejectedJobError(`malformed job payload at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  const job = parsed.data;
  if (job.pinHash !== services.pinHash) {
    throw new RejectedJobError(`toolchain pin mismatch: the job needs pin ${job.pinHash.slice(0, 12)}, this worker runs ${services.pinHash.slice(0, 12)}`);
  }
  const text = await services.store.readSnapshot(job.snapshotHash);
  if (text === null) throw new MissingSnapshotError(`snapshot ${job.snapshotHash.slice(0, 12)} is not in Redis (evicted, or Redis restarted without its data)`);
  const directory = await materializeSnapshot(decodeSnapshot(text, job.snapshotHash));
  try {
    const target = fromJobTarget(job.target, directory);
    const options = job.options as unknown as Parameters<ReportingVerifier['verify']>[1];
    const key = await computeJobKey(await listVerificationInputs(target), target, options, services.pinHash);
    if (key !== jobId) throw new RejectedJobError(`job id ${jobId.slice(0, 12)} is not the key of its payload (${key.slice(0, 12)})`);
    const { result, report } = await services.verifier.verifyWithReport(target, options, signal);
    const outcome: QueueJobResult = { result: { ...result, origin: { kind: 'queue', ...services.origin, ran: result.origin } }, report };
    if (JSON.stringify(outcome).length > MAX_RESULT_BYTES) throw new RejectedJobError(`the verdict exceeds ${MAX_RESULT_BYTES} bytes`);
    await services.store.storeResult(jobId, outcome);
    return outcome;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
