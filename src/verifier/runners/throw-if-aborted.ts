/** Rethrows an abort as the signal's own reason (an AbortError by default), as fetch and timers do. */
export function throwAbortReason(signal: AbortSignal | undefined): never {
  throw signal?.reason ?? new DOMException('The verification was aborted', 'AbortError');
}
