import { rm } from 'node:fs/promises';
import { listVerificationInputs } from '../../verifier/cache/list-verification-inputs.js';
import { checkExtraVerusArguments } from '../../verifier/jobs/extra-verus-argument-allow-list.js';
import type { ReportingVerifier } from '../../verifier/runners/reporting-verifier.js';
import { checkSnapshotInputs, compareWithKeyedInputs } from '../snapshot/check-snapshot-inputs.js';
import { decodeSnapshot } from '../snapshot/decode-snapshot.js';
import { computeJobKey } from '../describe-queue-toolchain.js';
import { findInheritedCargoConfiguration } from '../../verifier/sandbox/find-inherited-cargo-configuration.js';
import { materializeSnapshot } from '../snapshot/materialize-snapshot.js';
import { readJobIdKey } from '../jobs/queue-job-id.js';
import { fromJobTarget, queueJobSchema } from '../jobs/queue-job.js';
import type { QueueJobResult } from '../jobs/queue-job-result.js';
import { RejectedJobError } from '../jobs/rejected-job-error.js';
import type { SharedStore } from '../snapshot/shared-store.js';
import { signQueueJobResult } from '../jobs/sign-queue-job-result.js';
import { MAX_PAYLOAD_BYTES, MAX_RESULT_BYTES } from '../snapshot/snapshot-limits.js';

/** What a worker brings to every job: its toolchain pin, the runner that does the work, the shared store, and whom to name as the verdict's origin. */
export interface JobProcessingServices {
  pinHash: string;
  verifier: ReportingVerifier;
  store: SharedStore;
  /** The queue's configured name and this worker (host and pid), wrapped around the runner's own origin. */
  origin: { queue: string; worker: string };
  /** The worker's private directory (prepareWorkerDirectory); each job gets a fresh directory in it. */
  workerRoot: string;
  /** VERUS_REPAIR_RESULT_SECRET: verdicts are signed with it when set. */
  resultSecret: string | null;
}

/** The snapshot a job names is not in Redis (evicted, or Redis restarted): the submitter sends it again. */
export class MissingSnapshotError extends Error {
  override readonly name = 'MissingSnapshotError';
}

/**
 * Runs one job, treating it as untrusted: payload schema and size, the pin, the Verus arguments
 * (allow-list), the snapshot's names and hash, that it holds verification inputs only, and the job
 * id (it must be the key of exactly this work, so no job can plant a verdict for other sources).
 * Then verification in a private directory, then the verdict, naming its key, into the shared store.
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
  const claimedKey = readJobIdKey(jobId);
  if (claimedKey === null) throw new RejectedJobError(`job id ${JSON.stringify(jobId.slice(0, 80))} is neither a job key nor a fresh job's id`);
  const badArguments = checkExtraVerusArguments(job.options.extraVerusArgs);
  if (badArguments !== null) throw new RejectedJobError(badArguments);
  const text = await services.store.readSnapshot(job.snapshotHash);
  if (text === null) throw new MissingSnapshotError(`snapshot ${job.snapshotHash.slice(0, 12)} is not in Redis (evicted, or Redis restarted without its data)`);
  const snapshot = decodeSnapshot(text, job.snapshotHash);
  const notAnInput = checkSnapshotInputs(snapshot.files, job.target);
  if (notAnInput !== null) throw new RejectedJobError(`snapshot ${job.snapshotHash.slice(0, 12)}: ${notAnInput}`);
  const directory = await materializeSnapshot(snapshot, services.workerRoot);
  try {
    const inherited = await findInheritedCargoConfiguration(directory);
    if (inherited.length > 0) throw new RejectedJobError(`cargo would read ${inherited.join(', ')} outside the job; this worker runs no jobs while it exists`);
    const target = fromJobTarget(job.target, directory);
    const options = job.options as unknown as Parameters<ReportingVerifier['verify']>[1];
    const inputs = await listVerificationInputs(target);
    const uncovered = compareWithKeyedInputs(snapshot.files.map((file) => file.path), inputs.files);
    if (uncovered !== null) throw new RejectedJobError(`snapshot ${job.snapshotHash.slice(0, 12)}: ${uncovered}`);
    const key = await computeJobKey(inputs, target, options, services.pinHash);
    if (key !== claimedKey) throw new RejectedJobError(`job id ${jobId.slice(0, 12)} is not the key of its payload (${key.slice(0, 12)})`);
    const { result, report } = await services.verifier.verifyWithReport(target, options, signal);
    const verdict = { result: { ...result, origin: { kind: 'queue' as const, ...services.origin, ran: result.origin } }, report };
    // Signed over the JSON the submitter will parse, so its own serialization of that document matches.
    const document = JSON.parse(JSON.stringify(verdict)) as { result: unknown; report: unknown };
    const outcome: QueueJobResult = { key, ...verdict, ...(services.resultSecret === null ? {} : { signature: signQueueJobResult(services.resultSecret, key, document) }) };
    if (JSON.stringify(outcome).length > MAX_RESULT_BYTES) throw new RejectedJobError(`the verdict exceeds ${MAX_RESULT_BYTES} bytes`);
    await services.store.storeResult(outcome);
    return outcome;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
