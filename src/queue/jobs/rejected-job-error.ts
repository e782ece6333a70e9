/**
 * A job a worker refuses as untrusted input (malformed payload, bad snapshot, wrong pin): it is
 * failed at once and never retried, and its message says why.
 */
export class RejectedJobError extends Error {
  override readonly name = 'RejectedJobError';
}
