import { randomBytes } from 'node:crypto';

/** `20261130T101500Z-3fa9c2`: sortable by start time, unique enough for one repository. */
export function createRunId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}
