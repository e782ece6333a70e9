import { ConfigurationError } from '../core/errors.js';

/**
 * The form of a run id (`20261130T101500Z-3fa9c2`, or a name given by the caller). A run id becomes
 * a branch name, refs and a directory under `.verus-repair`, so it is checked before any of them is
 * built from it: letters, digits, `.`, `_` and `-`, starting with a letter or digit, no `..`.
 */
const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isValidRunId(text: string): boolean {
  return RUN_ID_PATTERN.test(text) && !text.includes('..') && !text.endsWith('.') && !text.endsWith('.lock');
}

/** Returns `text` when it is a well-formed run id; otherwise a ConfigurationError saying what a run id looks like. */
export function checkRunId(text: string): string {
  if (!isValidRunId(text)) {
    throw new ConfigurationError(`"${text}" is not a run id: expected letters, digits, ".", "_" or "-" (no "..", no "/"), e.g. 20261130T101500Z-3fa9c2`);
  }
  return text;
}
