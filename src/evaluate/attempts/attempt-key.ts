import { createHash } from 'node:crypto';

/** The unit of work and of resume: one task under one setting in one repetition. */
export interface AttemptKey {
  taskId: string;
  settingId: string;
  repetition: number;
}

/** `task|setting|r<n>`: how attempts.jsonl and --resume identify an attempt. */
export function formatAttemptKey(key: AttemptKey): string {
  return `${key.taskId}|${key.settingId}|r${key.repetition}`;
}

const MAX_SLUG_LENGTH = 120;

/**
 * A name usable as a run id, a directory and a cassette file name (task and setting ids are already
 * safe). One longer than 120 characters keeps its first 107 and adds 12 hex digits of its sha256:
 * cutting alone gave two attempts whose ids differ only past the cut one directory and one cassette.
 */
export function attemptSlug(key: AttemptKey): string {
  const full = `${key.taskId}--${key.settingId}--r${key.repetition}`;
  if (full.length <= MAX_SLUG_LENGTH) return full;
  return `${full.slice(0, MAX_SLUG_LENGTH - 13)}-${createHash('sha256').update(full).digest('hex').slice(0, 12)}`;
}
