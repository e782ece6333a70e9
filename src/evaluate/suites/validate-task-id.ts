import { ConfigurationError } from '../../core/errors.js';

const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/;

/** Task ids become parts of run ids and directory names, so they are checked like run ids. */
export function validateTaskId(id: string, where: string): string {
  if (!TASK_ID.test(id) || id.includes('..')) throw new ConfigurationError(`${where}: task id "${id}" must be letters, digits, ".", "_" or "-" (at most 81 characters, no ".."), e.g. id = "binary-search.missing-invariant"`);
  return id;
}
