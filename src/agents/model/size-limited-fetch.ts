/** Thrown inside the fetch wrapper when a response body exceeds the configured size. */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  constructor(readonly limitBytes: number) {
    super(`response body exceeds ${limitBytes} bytes; model output is size-limited`);
  }
}

/**
 * A fetch that buffers at most `maxBytes` of each response body and fails beyond that, so a runaway
 * or hostile endpoint cannot exhaust memory. The SDK reads the buffered copy.
 */
export function createSizeLimitedFetch(maxBytes: number, baseFetch: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (response.body === null) return response;
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new ResponseTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
    return new Response(Buffer.concat(chunks), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
