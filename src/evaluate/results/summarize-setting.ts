import type { AttemptRecord } from '../attempts/attempt-record.js';
import type { Ratio, SettingSummary } from './bench-summary.js';
import { estimatePassAtK } from './estimate-pass-at-k.js';
import { summarizeOrigins } from './summarize-origins.js';

export interface SummaryScope {
  settingId: string;
  iterations: number;
  seeds: number[];
  planned: number;
  defectClassOf: (taskId: string) => string | null;
  /** The task's category (bench-task.ts); optional so callers without categories need not pass it. */
  categoryOf?: (taskId: string) => string | null;
}

export function ratio(numerator: number, denominator: number): Ratio {
  return { numerator, denominator, rate: denominator === 0 ? null : numerator / denominator };
}

/** The figures of one setting from its attempts on valid tasks (the caller filters invalid ones out). */
export function summarizeSetting(records: readonly AttemptRecord[], scope: SummaryScope): SettingSummary {
  const solvedWithin = (k: number, list: readonly AttemptRecord[]): number => list.filter((record) => record.iterationsToSuccess !== null && record.iterationsToSuccess <= k).length;
  const perRepetition = scope.seeds.map((seed, index) => {
    const list = records.filter((record) => record.repetition === index + 1);
    return { repetition: index + 1, seed, correct: ratio(solvedWithin(scope.iterations, list), list.length) };
  }).filter((entry) => entry.correct.denominator > 0);
  const rates = perRepetition.map((entry) => entry.correct.rate ?? 0);
  const candidates = records.flatMap((record) => (record.candidatesToSuccess === null ? [] : [record.candidatesToSuccess])).sort((a, b) => a - b);
  return {
    settingId: scope.settingId, attempts: records.length, planned: scope.planned,
    correctAtK: Array.from({ length: scope.iterations }, (_, index) => ratio(solvedWithin(index + 1, records), records.length)),
    ...stableCorrectAtK(records, scope.iterations),
    passAtK: passAtK(records, scope.seeds.length),
    perRepetition, spread: spreadOf(rates),
    iterationsToSuccess: countBy(records.flatMap((record) => (record.iterationsToSuccess === null ? [] : [String(record.iterationsToSuccess)]))),
    candidatesToSuccess: { mean: candidates.length === 0 ? null : candidates.reduce((a, b) => a + b, 0) / candidates.length, median: candidates.length === 0 ? null : (candidates[Math.floor((candidates.length - 1) / 2)] ?? null) },
    cost: {
      promptTokens: total(records, (record) => record.promptTokens), cachedPromptTokens: total(records, (record) => record.cachedPromptTokens ?? 0), completionTokens: total(records, (record) => record.completionTokens), modelCalls: total(records, (record) => record.modelCalls),
      costUsd: records.some((record) => record.costUsd === null) ? null : total(records, (record) => record.costUsd ?? 0),
    },
    verifier: { calls: total(records, (r) => r.verifierCalls), wallMs: total(records, (r) => r.verifierWallMs), reportedMs: total(records, (r) => r.verifierReportedMs), precheckMs: total(records, (r) => r.precheckMs), cacheHits: total(records, (r) => r.cacheHits) },
    protocol: { formatErrors: total(records, (r) => r.formatErrors), identicalCandidates: total(records, (r) => r.identicalCandidates), guardRejections: mergeCounts(records.map((r) => r.guardRejections)) },
    failuresByErrorKind: countBy(records.filter((r) => r.outcome !== 'verified').flatMap((r) => (Object.keys(r.lastErrorKinds).length > 0 ? Object.keys(r.lastErrorKinds) : [r.lastResult ?? r.outcome]))),
    byDefectClass: byDefectClass(records, scope),
    byCategory: byCategory(records, scope, solvedWithin),
    repairedObligations: ratio(total(records, (r) => r.repairedObligations), total(records, (r) => r.obligations)),
    wallTime: { totalMs: total(records, (r) => r.wallTimeMs), meanPerTaskMs: records.length === 0 ? null : total(records, (r) => r.wallTimeMs) / records.length },
    errors: records.filter((record) => record.outcome === 'error').length,
    origins: summarizeOrigins(records),
  };
}

/**
 * Stable-Correct@k, beside Correct@k when any attempt ran a stability check: a proof that verified but
 * failed a seed is a CI failure waiting, so it is not counted; attempts without a check count as Correct@k does.
 */
function stableCorrectAtK(records: readonly AttemptRecord[], iterations: number): { stableCorrectAtK?: Ratio[] } {
  if (!records.some((record) => (record.stabilitySeeds ?? 0) > 0)) return {};
  const first = (record: AttemptRecord): number | null => ((record.stabilitySeeds ?? 0) > 0 ? record.stableIterationsToSuccess ?? null : record.iterationsToSuccess);
  return { stableCorrectAtK: Array.from({ length: iterations }, (_, index) => ratio(records.filter((record) => { const k = first(record); return k !== null && k <= index + 1; }).length, records.length)) };
}

function passAtK(records: readonly AttemptRecord[], repetitions: number): SettingSummary['passAtK'] {
  if (repetitions < 2) return [];
  const byTask = new Map<string, AttemptRecord[]>();
  for (const record of records) byTask.set(record.taskId, [...(byTask.get(record.taskId) ?? []), record]);
  const result: SettingSummary['passAtK'] = [];
  for (let k = 1; k <= repetitions; k++) {
    const eligible = [...byTask.values()].filter((list) => list.length >= k);
    if (eligible.length === 0) continue;
    const estimates = eligible.map((list) => estimatePassAtK(list.length, list.filter((record) => record.outcome === 'verified').length, k));
    result.push({ k, estimate: estimates.reduce((a, b) => a + b, 0) / estimates.length, tasks: eligible.length });
  }
  return result;
}

function byDefectClass(records: readonly AttemptRecord[], scope: SummaryScope): Record<string, Ratio> {
  const classes: Record<string, Ratio> = {};
  for (const record of records) {
    const defect = scope.defectClassOf(record.taskId);
    if (defect === null) continue;
    const current = classes[defect] ?? ratio(0, 0);
    classes[defect] = ratio(current.numerator + (record.outcome === 'verified' ? 1 : 0), current.denominator + 1);
  }
  return classes;
}

/** Correct@k per category: the same attempts as correctAtK, grouped by their task's category. */
function byCategory(records: readonly AttemptRecord[], scope: SummaryScope, solvedWithin: (k: number, list: readonly AttemptRecord[]) => number): Record<string, Ratio[]> {
  const groups = new Map<string, AttemptRecord[]>();
  for (const record of records) {
    const category = scope.categoryOf?.(record.taskId) ?? null;
    if (category !== null) groups.set(category, [...(groups.get(category) ?? []), record]);
  }
  return Object.fromEntries([...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => [category, Array.from({ length: scope.iterations }, (_, index) => ratio(solvedWithin(index + 1, list), list.length))]));
}

function spreadOf(rates: number[]): SettingSummary['spread'] {
  if (rates.length === 0) return null;
  const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
  const variance = rates.length < 2 ? 0 : rates.reduce((sum, rate) => sum + (rate - mean) ** 2, 0) / (rates.length - 1);
  return { min: Math.min(...rates), max: Math.max(...rates), mean, stdev: Math.sqrt(variance) };
}

function total(records: readonly AttemptRecord[], pick: (record: AttemptRecord) => number): number {
  return records.reduce((sum, record) => sum + pick(record), 0);
}

function countBy(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

function mergeCounts(list: Array<Record<string, number>>): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const counts of list) for (const [key, count] of Object.entries(counts)) merged[key] = (merged[key] ?? 0) + count;
  return merged;
}
