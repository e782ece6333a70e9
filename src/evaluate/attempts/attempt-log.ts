import { existsSync, readFileSync } from 'node:fs';
import { ConfigurationError } from '../../core/errors.js';
import type { AttemptRecord } from './attempt-record.js';
import { appendBenchLine } from '../render/write-bench-file.js';

/** attempts.jsonl as read: the finished attempts, and the lines that were not one (1-based). */
export interface AttemptLog {
  records: AttemptRecord[];
  skippedLines: number[];
  /** The file ends inside a line (a killed bench's last write): the next append starts a new line. */
  endsTorn: boolean;
}

/**
 * attempts.jsonl: one line per finished attempt, appended with a single write of a whole line (and
 * flushed), so a killed bench leaves complete lines plus at most one torn last line, which reading
 * drops. That line's attempt was not finished, so --resume runs it again; none is counted twice.
 */
export function appendAttempt(file: string, record: AttemptRecord): void {
  appendBenchLine(file, `${JSON.stringify(record)}\n`);
}

/**
 * Every readable attempt, the last line of a key winning. Unreadable lines (a torn write, a line
 * edited by hand) are skipped and counted, so a resume and the summary can say how many attempts
 * run again instead of dropping them quietly.
 */
export function readAttemptLog(file: string): AttemptLog {
  if (!existsSync(file)) return { records: [], skippedLines: [], endsTorn: false };
  const text = readFileSync(file, 'utf8');
  const records = new Map<string, AttemptRecord>();
  const skippedLines: number[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const record = parseAttemptLine(line);
    if (record === null) skippedLines.push(index + 1);
    else records.set(record.key, record);
  });
  return { records: [...records.values()], skippedLines, endsTorn: text.length > 0 && !text.endsWith('\n') };
}

export function readAttempts(file: string): AttemptRecord[] {
  return readAttemptLog(file).records;
}

/**
 * The attempts of a bench that is read as finished (compare, export): a line that is not a whole
 * record is an attempt the figures would silently lack, so it is refused with the lines named
 * (`bench --resume` runs those attempts again and then the file is whole).
 */
export function readFinishedAttempts(file: string): AttemptRecord[] {
  const log = readAttemptLog(file);
  const skipped = describeSkippedLines(log.skippedLines);
  if (skipped !== null) throw new ConfigurationError(`${file}: ${skipped.replace(/; their attempts run again$/, '')}; finish the bench with --resume first, which runs those attempts again`);
  return log.records;
}

/** Starts a new line after a torn one, so the next attempt's line is not glued to it (and lost with it). */
export function endTornLine(file: string, log: AttemptLog): void {
  if (log.endsTorn) appendBenchLine(file, '\n');
}

/** `N line(s) of attempts.jsonl skipped (lines 3, 7): not whole attempt records; ...` or null. */
export function describeSkippedLines(skippedLines: readonly number[]): string | null {
  if (skippedLines.length === 0) return null;
  const shown = skippedLines.slice(0, 10).join(', ');
  const more = skippedLines.length > 10 ? ` and ${skippedLines.length - 10} more` : '';
  return `${skippedLines.length} line${skippedLines.length === 1 ? '' : 's'} of attempts.jsonl skipped (line${skippedLines.length === 1 ? '' : 's'} ${shown}${more}): not whole attempt records (a bench killed mid-write, or an edited file); their attempts run again`;
}

function parseAttemptLine(line: string): AttemptRecord | null {
  try {
    const record = JSON.parse(line) as unknown;
    if (typeof record !== 'object' || record === null || typeof (record as { key?: unknown }).key !== 'string') return null;
    return record as AttemptRecord;
  } catch {
    return null;
  }
}
