/** HTTP statuses worth retrying: timeout, conflict, rate limit and every server error. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * What went wrong with one HTTP call, reduced to what the retry decision and the message need:
 * a status (null for network failures and timeouts) and whether a retry may help.
 */
export interface ModelFailure {
  /** `no-choices`: an HTTP 200 whose `choices` array is empty (retryable: an endpoint fault, not an answer). */
  kind: 'http-status' | 'timeout' | 'network' | 'response-too-large' | 'aborted' | 'malformed-response' | 'no-choices';
  status: number | null;
  isRetryable: boolean;
  retryAfterMs: number | null;
  message: string;
  /** The endpoint's error object (OpenAI's `type`, `code`, `param`), when it sent one; names a refused parameter. */
  endpointError?: { type: string | null; code: string | null; param: string | null };
}

/** Parses a `retry-after` header (seconds or an HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
