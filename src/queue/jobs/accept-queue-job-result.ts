import { readQueueJobResult, type QueueJobResult } from './queue-job-result.js';
import { hasValidSignature, RESULT_SECRET_VARIABLE } from './sign-queue-job-result.js';

/** Whether a verdict read from Redis may answer the job `expectedKey`, and why not. */
export type QueueJobResultCheck = { kind: 'accepted'; outcome: QueueJobResult } | { kind: 'rejected'; reason: string };

/**
 * A verdict from Redis (the shared store, or a job's return value) answers a job only when it is
 * well-formed, names exactly that job's key, and, when the submitter holds the result secret,
 * carries the worker's valid signature. Anything else is ignored, never taken as a verdict.
 */
export function acceptQueueJobResult(value: unknown, expectedKey: string, secret: string | null): QueueJobResultCheck {
  const read = readQueueJobResult(value);
  if (read === null) return { kind: 'rejected', reason: 'it is malformed, too large, or carries no job key' };
  if (read.outcome.key !== expectedKey) return { kind: 'rejected', reason: `it answers job ${read.outcome.key.slice(0, 12)}, not ${expectedKey.slice(0, 12)}` };
  if (secret !== null && !hasValidSignature(secret, expectedKey, read.document, read.outcome.signature)) {
    return { kind: 'rejected', reason: `its signature is ${read.outcome.signature === undefined ? 'missing' : 'wrong'} (${RESULT_SECRET_VARIABLE} is set here: workers must have the same secret)` };
  }
  return { kind: 'accepted', outcome: read.outcome };
}
