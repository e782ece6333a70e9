import { Agent } from 'undici';
import { findErrorCode } from './find-error-code.js';
import { formatSeconds } from './format-seconds.js';

/**
 * A connection that was not set up within the connect timeout. Named and worded without "timeout",
 * so the SDK passes it on as the cause of a connection error instead of an anonymous timeout.
 */
export class UnreachableEndpointError extends Error {
  override readonly name = 'UnreachableEndpointError';
  constructor(readonly connectTimeoutMs: number) {
    super(`no connection within ${formatSeconds(connectTimeoutMs)} s`);
  }
}

/**
 * Node's fetch over a connection pool of its own. The pool sets the connect timeout (TCP and TLS
 * set-up) apart from the read timeout, and turns off undici's own 300 s header and body timeouts:
 * the adapter's per-attempt signal is the one read timeout, so a request timeout above 300 s
 * (slow local models) is honoured.
 */
export function createEndpointFetch(connectTimeoutMs: number): typeof fetch {
  const dispatcher = new Agent({ connect: { timeout: connectTimeoutMs }, headersTimeout: 0, bodyTimeout: 0 });
  return async (input, init) => {
    try {
      // `dispatcher` is undici's extension of RequestInit, which the DOM type omits.
      return await fetch(input, { ...init, dispatcher } as RequestInit);
    } catch (error) {
      if (findErrorCode(error) === 'UND_ERR_CONNECT_TIMEOUT') throw new UnreachableEndpointError(connectTimeoutMs);
      throw error;
    }
  };
}
