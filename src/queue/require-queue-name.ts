import { ConfigurationError } from '../core/errors.js';
import { QUEUE_NAME_PATTERN } from '../verifier/config/queue-config.js';

/** A `--queue` name, held to the rule `[queue] name` is validated by. */
export function requireQueueName(name: string): string {
  if (!QUEUE_NAME_PATTERN.test(name)) throw new ConfigurationError(`--queue: expected 1-64 letters, digits, _ or -, received ${JSON.stringify(name)}. Example: --queue verus-repair`);
  return name;
}
