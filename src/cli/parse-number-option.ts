import { ConfigurationError } from '../core/errors.js';
import { MAX_JOBS } from '../core/max-jobs.js';

const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * A whole-number option from `minimum` to `maximum` (a count, a seed), written in decimal digits;
 * otherwise a ConfigurationError with an example. `Number()` alone would take `1e99`, `0x10`, ` 5 `
 * and the empty string (as 0), and record a seed as `1e+99`; past 2^53 integers are not exact.
 */
export function parseIntegerOption(text: string, option: string, example: string, minimum = 1, maximum = Number.MAX_SAFE_INTEGER): number {
  const value = DECIMAL_DIGITS.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < minimum || value > maximum) {
    const bound = maximum === Number.MAX_SAFE_INTEGER ? '' : ` and <= ${maximum}`;
    throw new ConfigurationError(`${option}: expected an integer >= ${minimum}${bound}, received "${text}" (decimal digits only, at most ${maximum}). Example: ${example}`);
  }
  return value;
}

/** A `--jobs` option: 1 to MAX_JOBS, the same limit as `[review] jobs`. */
export function parseJobsOption(text: string, option: string, example: string): number {
  return parseIntegerOption(text, option, example, 1, MAX_JOBS);
}

/** A positive-number option (a budget, a limit); otherwise a ConfigurationError with an example. */
export function parsePositiveNumberOption(text: string, option: string, example: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigurationError(`${option}: expected a positive number, received "${text}". Example: ${example}`);
  return value;
}
