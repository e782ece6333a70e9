/** Environment variables whose values are secrets: API keys, tokens, passwords. */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)/i;
/** Shorter values (`1`, `true`) would blank ordinary words. */
const MINIMUM_SECRET_LENGTH = 8;

/** Replaces every secret value of the environment in text, so that no reply or log line can carry one. */
export type SecretRedactor = (text: string) => string;

export function createSecretRedactor(environment: NodeJS.ProcessEnv): SecretRedactor {
  const secrets = Object.entries(environment)
    .filter(([name, value]) => SECRET_NAME.test(name) && value !== undefined && value.length >= MINIMUM_SECRET_LENGTH)
    .map(([, value]) => value as string)
    .sort((left, right) => right.length - left.length);
  return (text) => secrets.reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);
}

/** A JSON value with every string redacted. */
export function redactJson<T>(value: T, redact: SecretRedactor): T {
  return walk(value, redact) as T;
}

function walk(value: unknown, redact: SecretRedactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((entry) => walk(entry, redact));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, walk(entry, redact)]));
  return value;
}
