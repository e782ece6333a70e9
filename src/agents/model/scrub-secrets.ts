/**
 * Removes credentials from text that may reach logs, cassettes or error messages: the known key
 * values themselves, bearer tokens, `api-key`/`authorization` header values and OpenAI-style keys.
 * The SDK may quote request headers or echoed bodies in its errors, so every adapter message passes here.
 */
export function scrubSecrets(text: string, knownSecrets: readonly string[] = []): string {
  let scrubbed = text;
  for (const secret of knownSecrets) {
    if (secret.length >= 4) scrubbed = scrubbed.split(secret).join('[REDACTED]');
  }
  return scrubbed
    .replace(/(bearer\s+)[^\s"',}]+/gi, '$1[REDACTED]')
    .replace(/("?(?:authorization|api-key|x-api-key|openai-organization|openai-project)"?\s*[:=]\s*"?)[^"\s,}]+/gi, '$1[REDACTED]')
    .replace(/\bsk-[A-Za-z0-9_-]{8,}/g, '[REDACTED]');
}
