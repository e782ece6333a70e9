import { ConfigurationError } from '../../core/errors.js';

/** `--fail-on`: which findings make the review exit 1. */
export type FailOn = 'new-findings' | 'any-finding' | 'none';

export const FAIL_ON_VALUES: readonly FailOn[] = ['new-findings', 'any-finding', 'none'];

/** The option as given, or its default: `new-findings` with a baseline (that is what a baseline is for), `any-finding` without. */
export function parseFailOn(value: string | undefined, hasBaseline: boolean): FailOn {
  if (value === undefined) return hasBaseline ? 'new-findings' : 'any-finding';
  if ((FAIL_ON_VALUES as readonly string[]).includes(value)) return value as FailOn;
  throw new ConfigurationError(`--fail-on ${value}: expected one of ${FAIL_ON_VALUES.join(', ')}. Example: --fail-on new-findings`);
}
