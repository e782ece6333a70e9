import { createHmac, timingSafeEqual } from 'node:crypto';

/** The variable that holds the secret workers sign verdicts with and submitters check them by (optional). */
export const RESULT_SECRET_VARIABLE = 'VERUS_REPAIR_RESULT_SECRET';

/**
 * HMAC-SHA256 over the job key and the verdict's JSON. JSON that came from JSON.parse serializes to
 * the same text again, so the submitter recomputes it from the document it received.
 */
export function signQueueJobResult(secret: string, key: string, document: { result: unknown; report: unknown }): string {
  return createHmac('sha256', secret).update(`verus-repair-result/1\0${key}\0${JSON.stringify({ result: document.result, report: document.report })}`).digest('hex');
}

export function hasValidSignature(secret: string, key: string, document: { result: unknown; report: unknown }, signature: string | undefined): boolean {
  if (signature === undefined) return false;
  const expected = Buffer.from(signQueueJobResult(secret, key, document), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
