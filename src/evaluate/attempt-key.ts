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

/** A name usable as a run id, a directory and a cassette file name (task and setting ids are already safe). */
export function attemptSlug(key: AttemptKey): string {
  return `${key.taskId}--${key.settingId}--r${key.repetition}`.slice(0, 120);
}
