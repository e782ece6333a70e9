import type { BenchSummary, Ratio, SettingSummary } from '../results/bench-summary.js';
import { describePromptTokens } from '../../report/describe-prompt-tokens.js';
import { describeSkippedLines } from '../attempts/attempt-log.js';
import { describeCategoryBreakdown } from '../results/describe-category-breakdown.js';

const show = (value: Ratio): string => `${value.numerator}/${value.denominator}${value.rate === null ? '' : ` (${(value.rate * 100).toFixed(1)}%)`}`;

/** summary.md: the tables a reader compares settings by, with every denominator written out. */
export function renderBenchMarkdown(summary: BenchSummary): string {
  const ks = Array.from({ length: summary.iterations }, (_, index) => index + 1);
  const rows = [...summary.settings, summary.overall];
  const lines = [
    `# verus-repair bench: ${summary.suite}`, '',
    `Tasks: ${summary.tasks.valid} valid of ${summary.tasks.total}; iteration budget ${summary.iterations}; ${summary.repetitions} repetition(s).`,
    ...renderOrigins(summary),
    ...(summary.stopped === null ? [] : ['', `**Stopped early:** ${summary.stopped}.`]),
    ...((skipped) => (skipped === null ? [] : ['', `**Resumed:** ${skipped}.`]))(describeSkippedLines(summary.skippedAttemptLines ?? [])),
    '', `Correct@k: ${summary.definitions['correctAtK'] ?? ''}.`, '',
    `| setting | attempts | ${ks.map((k) => `Correct@${k}`).join(' | ')} |`, `|---|---|${ks.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${label(row)} | ${row.attempts}/${row.planned} | ${row.correctAtK.map(show).join(' | ')} |`),
    ...(rows.some((row) => row.stableCorrectAtK !== undefined) ? ['', `Stable-Correct@k: ${summary.definitions['stableCorrectAtK'] ?? 'as Correct@k, counting only candidates that verified again under every stability seed'}.`, '',
      `| setting | ${ks.map((k) => `Stable-Correct@${k}`).join(' | ')} |`, `|---|${ks.map(() => '---').join('|')}|`,
      ...rows.map((row) => `| ${label(row)} | ${row.stableCorrectAtK?.map(show).join(' | ') ?? '–'} |`)] : []),
    '', '| setting | spread of Correct@budget over repetitions | pass@k over repetitions | iterations to success | mean candidates to success |', '|---|---|---|---|---|',
    ...rows.map((row) => `| ${label(row)} | ${row.spread === null ? '–' : `${pct(row.spread.min)}–${pct(row.spread.max)} (sd ${pct(row.spread.stdev)})`} | ${row.passAtK.map((entry) => `@${entry.k} ${pct(entry.estimate)}`).join(', ') || '–'} | ${counts(row.iterationsToSuccess)} | ${row.candidatesToSuccess.mean?.toFixed(2) ?? '–'} |`),
    '', '| setting | prompt tokens | completion tokens | model calls | cost (USD) | verifier calls | verifier wall (s) | Verus-reported (s) | pre-check (s) | cache hits | wall per attempt (s) |', '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${label(row)} | ${describePromptTokens(row.cost.promptTokens, row.cost.cachedPromptTokens, '')} | ${row.cost.completionTokens} | ${row.cost.modelCalls} | ${row.cost.costUsd?.toFixed(4) ?? 'unknown'} | ${row.verifier.calls} | ${seconds(row.verifier.wallMs)} | ${seconds(row.verifier.reportedMs)} | ${seconds(row.verifier.precheckMs)} | ${row.verifier.cacheHits} | ${row.wallTime.meanPerTaskMs === null ? '–' : seconds(row.wallTime.meanPerTaskMs)} |`),
    '', '| setting | format errors | identical candidates | guard rejections | failures by last error kind | repaired obligations | by defect class | attempt errors |', '|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${label(row)} | ${row.protocol.formatErrors} | ${row.protocol.identicalCandidates} | ${counts(row.protocol.guardRejections)} | ${counts(row.failuresByErrorKind)} | ${show(row.repairedObligations)} | ${defects(row)} | ${row.errors} |`),
  ];
  const byCategory = describeCategoryBreakdown(summary);
  if (byCategory.length > 0) {
    lines.push('', '## Correct@k by category', '', `${summary.definitions['byCategory'] ?? 'Correct@k over the attempts on valid tasks of one category'}.`, '',
      `| category | tasks (valid/all) | setting | ${ks.map((k) => `Correct@${k}`).join(' | ')} |`, `|---|---|---|${ks.map(() => '---').join('|')}|`,
      ...byCategory.map((row) => `| ${row.category} | ${row.tasks.valid}/${row.tasks.total} | ${row.settingId} | ${row.correctAtK.map(show).join(' | ')} |`));
  }
  if (summary.tasks.invalid.length > 0) {
    lines.push('', '## Invalid tasks (in no denominator)', '', '| task | reason | detail |', '|---|---|---|', ...summary.tasks.invalid.map((entry) => `| ${entry.taskId} | ${entry.reason} | ${entry.detail.replace(/\|/g, '\\|')} |`));
  }
  const perTask = Object.entries(summary.taskWallTimeMs);
  if (perTask.length > 0) lines.push('', '## Wall time per task (all its attempts)', '', '| task | wall (s) |', '|---|---|', ...perTask.map(([taskId, ms]) => `| ${taskId} | ${seconds(ms)} |`));
  return `${lines.join('\n')}\n`;
}

/**
 * Who produced the verdicts and where the model answers came from: once when every setting shares
 * them, else a table per setting. The caveats (a fake or recorded verifier, a replayed model) also
 * stand beside each setting's figures, see `label`.
 */
function renderOrigins(summary: BenchSummary): string[] {
  const { overall, settings } = summary;
  const same = settings.every((row) => originsKey(row) === originsKey(settings[0] ?? overall));
  const caveats = overall.origins.caveats.length === 0 ? [] : ['', `**Caveats:** ${overall.origins.caveats.join('; ')}. Figures marked with them did not come from a model and a Verus run.`];
  if (same) return ['', `Verifier: ${listOrJoin(overall.origins.verifier, 'no verdict was reached')}.`, `Model: ${listOrJoin(overall.origins.model, 'no model was asked')}.`, ...caveats];
  return ['', '| setting | verifier | model |', '|---|---|---|', ...settings.map((row) => `| ${row.settingId} | ${listOrJoin(row.origins.verifier, 'no verdict was reached')} | ${listOrJoin(row.origins.model, 'no model was asked')} |`), ...caveats];
}

/** A setting's name with the caveats its figures carry, e.g. `s1 (fake verifier; replayed model)`. */
function label(row: SettingSummary): string {
  return row.origins.caveats.length === 0 ? row.settingId : `${row.settingId} (${row.origins.caveats.join('; ')})`;
}

const originsKey = (row: SettingSummary): string => JSON.stringify([row.origins.verifier, row.origins.model]);
const listOrJoin = (values: readonly string[], none: string): string => values.join('; ').replace(/\|/g, '\\|') || none;
const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const counts = (record: Record<string, number>): string => Object.entries(record).map(([key, count]) => `${key}=${count}`).join(', ') || '–';
const defects = (row: SettingSummary): string => Object.entries(row.byDefectClass).map(([key, value]) => `${key} ${show(value)}`).join(', ') || '–';
