import { InternalError } from './errors.js';

/** Ends every switch over a discriminated union, so that adding a kind is a compile error until handled. */
export function assertNever(value: never, what = 'value'): never {
  throw new InternalError(`unexpected ${what}: ${JSON.stringify(value)}`);
}
