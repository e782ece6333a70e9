/** Header and query names that carry credentials; `api_key_env` is the only way a key gets in. */
const CREDENTIAL_NAME = /^(?:authorization|proxy-authorization|cookie|api-key|api_key|apikey|x-api-key|x-goog-api-key|key|access_token|token|openai-organization|openai-project)$|(?:^|[-_])(?:auth|token|secret|password|api-?key)(?:$|[-_])/i;

/** Values shaped like keys: OpenAI-style `sk-...`, bearer tokens, Google API keys. */
const CREDENTIAL_VALUE = /\bsk-[A-Za-z0-9_-]{8,}|^\s*bearer\s|\bAIza[0-9A-Za-z_-]{20,}/i;

/**
 * One error per `extra_headers` / `extra_query` entry that would put a credential in the config file.
 * The value is never quoted: it may be the very key we refuse to store.
 */
export function refuseCredentialEntries(table: 'extra_headers' | 'extra_query', entries: Record<string, string>, apiKeyEnv: string): string[] {
  const errors: string[] = [];
  const example = table === 'extra_headers' ? 'extra_headers = { "HTTP-Referer" = "https://example.org", "X-Title" = "verus-repair" }' : 'extra_query = { "api-version" = "2024-10-21" }';
  for (const [name, value] of Object.entries(entries)) {
    const why = CREDENTIAL_NAME.test(name) ? 'it names a credential' : CREDENTIAL_VALUE.test(value) ? 'its value looks like a key' : null;
    if (why === null) continue;
    errors.push(`model.${table}.${name}: refused, ${why}. Keys come from the environment only: export ${apiKeyEnv}=... (the variable [model] api_key_env names) and remove this entry. Example: ${example}`);
  }
  return errors;
}
