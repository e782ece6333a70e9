import { ConfigurationError } from '../core/errors.js';
import type { Verifier } from '../core/verifier.js';

/** The runner --docker, --local or --queue chose (null: the config's); more than one is a ConfigurationError. */
export function selectRunnerFlag(options: { docker?: boolean; local?: boolean; queue?: boolean }): Verifier['runner'] | null {
  const chosen = (['docker', 'local', 'queue'] as const).filter((runner) => options[runner] === true);
  if (chosen.length > 1) throw new ConfigurationError('choose one runner: --docker, --local or --queue');
  return chosen[0] ?? null;
}
