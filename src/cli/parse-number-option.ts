import { ConfigurationError } from '../core/errors.js';

/** A whole-number option of at least `minimum` (a count, a seed); otherwise a ConfigurationError with an example. */
export function parseIntegerOption(text: string, option: string, example: string, minimum = 1): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum) throw new ConfigurationError(`${option}: expected an integer >= ${minimum}, received "${text}". Example: ${example}`);
  return value;
}

/** A positive-number option (a budget, a limit); otherwise a ConfigurationError with an example. */
export function parsePositiveNumberOption(text: string, option: string, example: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigurationError(`${option}: expected a positive number, received "${text}". Example: ${example}`);
  return value;
}
