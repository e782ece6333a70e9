import path from 'node:path';
import { existsSync } from 'node:fs';
import { ConfigurationError } from '../../core/errors.js';
import { readFinishedAttempts } from '../attempts/attempt-log.js';
import type { AttemptRecord } from '../attempts/attempt-record.js';
import type { Ratio } from './bench-summary.js';
import { ratio } from './summarize-setting.js';

/** Per setting both benches ran: Correct@k of each on the tasks both attempted, and B − A. */
export interface SettingComparison {
  settingId: string;
  tasks: number;
  rows: Array<{ k: number; a: Ratio; b: Ratio; difference: number | null }>;
}

export function compareBenchRuns(dirA: string, dirB: string): SettingComparison[] {
  const [a, b] = [dirA, dirB].map((dir) => {
    const file = path.join(dir, 'attempts.jsonl');
    if (!existsSync(file)) throw new ConfigurationError(`${dir} holds no attempts.jsonl; give two directories written by verus-repair bench --out`);
    return readFinishedAttempts(file);
  }) as [AttemptRecord[], AttemptRecord[]];
  const settings = [...new Set(a.map((record) => record.settingId))].filter((id) => b.some((record) => record.settingId === id)).sort();
  return settings.map((settingId) => {
    const tasksOf = (list: AttemptRecord[]): Set<string> => new Set(list.filter((record) => record.settingId === settingId).map((record) => record.taskId));
    const inB = tasksOf(b);
    const shared = new Set([...tasksOf(a)].filter((task) => inB.has(task)));
    const pick = (list: AttemptRecord[]): AttemptRecord[] => list.filter((record) => record.settingId === settingId && shared.has(record.taskId));
    const [listA, listB] = [pick(a), pick(b)];
    const budget = Math.max(0, ...[...listA, ...listB].map((record) => record.iterationsToSuccess ?? record.iterations));
    const within = (list: AttemptRecord[], k: number): Ratio => ratio(list.filter((record) => record.iterationsToSuccess !== null && record.iterationsToSuccess <= k).length, list.length);
    return {
      settingId, tasks: shared.size,
      rows: Array.from({ length: budget }, (_, index) => {
        const [ra, rb] = [within(listA, index + 1), within(listB, index + 1)];
        return { k: index + 1, a: ra, b: rb, difference: ra.rate === null || rb.rate === null ? null : rb.rate - ra.rate };
      }),
    };
  });
}

export function renderComparison(comparisons: readonly SettingComparison[]): string {
  if (comparisons.length === 0) return 'no setting appears in both benches\n';
  return comparisons.map((entry) => [
    `${entry.settingId} (${entry.tasks} tasks attempted by both)`,
    ...entry.rows.map((row) => `  Correct@${row.k}: A ${row.a.numerator}/${row.a.denominator}  B ${row.b.numerator}/${row.b.denominator}  B−A ${row.difference === null ? '–' : `${row.difference >= 0 ? '+' : ''}${(row.difference * 100).toFixed(1)} pts`}`),
  ].join('\n')).join('\n') + '\n';
}
