import { existsSync, readFileSync } from 'node:fs';
import type { AttemptRecord } from './attempt-record.js';
import { appendBenchLine } from './write-bench-file.js';

/**
 * attempts.jsonl: one line per finished attempt, appended with a single write of a whole line (and
 * flushed), so a killed bench leaves complete lines plus at most one torn last line, which reading
 * drops. That line's attempt was not finished, so --resume runs it again; none is counted twice.
 */
export function appendAttempt(file: string, record: AttemptRecord): void {
  appendBenchLine(file, `${JSON.stringify(record)}\n`);
}

export function readAttempts(file: string): AttemptRecord[] {
  if (!existsSync(file)) return [];
  const records = new Map<string, AttemptRecord>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const record = JSON.parse(line) as AttemptRecord;
      if (typeof record.key === 'string') records.set(record.key, record);
    } catch {
      // A torn line from a killed bench: its attempt is unfinished.
    }
  }
  return [...records.values()];
}
