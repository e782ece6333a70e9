import type { AttemptRecord } from '../attempts/attempt-record.js';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchSummary } from './bench-summary.js';
import type { LeaderboardSubmission } from './leaderboard-submission.js';
import { VERUSAGE_PROJECTS, type PublishedSuite } from '../suites/published-suites.js';

export interface SubmissionInput {
  summary: BenchSummary;
  setting: BenchSetting;
  /** This setting's attempts (every repetition) from attempts.jsonl. */
  records: readonly AttemptRecord[];
  benchmark: PublishedSuite;
  benchmarkFrom: 'suite layout' | '--benchmark';
  submissionId: string;
  systemName: string;
  date: string;
  version: string;
  benchDir: string;
}

/** The repetition a submission reports: the first, the one every bench has (the others are listed beside it). */
const REPORTED_REPETITION = 1;
const CODE_OF_PROJECT = new Map(VERUSAGE_PROJECTS.map((project) => [project.name, project.code]));

/**
 * One setting's submission. Solved = the attempt verified within the iteration budget (Correct@budget);
 * the total is every task of the suite, so a task the bench left out (invalid, or not run) counts as
 * not solved rather than shrinking the denominator the leaderboard compares by.
 */
export function buildLeaderboardSubmission(input: SubmissionInput): LeaderboardSubmission {
  const { summary, setting } = input;
  const solvedWithinBudget = (record: AttemptRecord): boolean => record.iterationsToSuccess !== null && record.iterationsToSuccess <= summary.iterations;
  // As in the summary, only attempts on valid tasks count (a resumed bench may hold others).
  const validTasks = Object.keys(summary.taskWallTimeMs);
  const valid = new Set(validTasks);
  const reported = input.records.filter((record) => record.repetition === REPORTED_REPETITION && valid.has(record.taskId));
  const solved = new Set(reported.filter(solvedWithinBudget).map((record) => record.taskId));
  const attempted = new Set(reported.map((record) => record.taskId));
  const notAttempted = [
    ...summary.tasks.invalid.map((entry) => ({ task: entry.taskId, reason: `invalid: ${entry.reason}` })),
    ...validTasks.filter((taskId) => !attempted.has(taskId)).map((taskId) => ({ task: taskId, reason: summary.stopped === null ? 'no finished attempt' : `not run: ${summary.stopped}` })),
  ];
  const mean = (pick: (record: AttemptRecord) => number): number => reported.reduce((sum, record) => sum + pick(record), 0) / reported.length;
  const priced = reported.every((record) => record.costUsd !== null);
  const origins = summary.settings.find((entry) => entry.settingId === setting.id)?.origins ?? { verifier: [], model: [], caveats: ['origins not recorded'] };
  const complete = notAttempted.every((entry) => entry.reason.startsWith('invalid'));
  const measurement = origins.caveats.length === 0;
  const seeds = [...new Set(input.records.map((record) => `${record.repetition}:${record.seed}`))].map((entry) => entry.split(':').map(Number) as [number, number]).sort((a, b) => a[0] - b[0]);
  const invalidCount = summary.tasks.invalid.length;
  const statement = measurement
    ? `Verdicts from ${origins.verifier.join('; ') || 'no verifier run'}; model answers from ${origins.model.join('; ') || 'no model'}.`
    : `NOT A MEASUREMENT (${origins.caveats.join('; ')}): these figures come from verus-repair's harness run against ${describeStandIns(origins.caveats)}, not from a model and a Verus run; do not submit them as results.`;
  return {
    submission_id: input.submissionId,
    system_name: input.systemName,
    model: setting.model.name,
    date: input.date,
    benchmark: input.benchmark,
    results: {
      solved: solved.size,
      total: summary.tasks.total,
      percent_solved: round(100 * solved.size / summary.tasks.total, 1),
      avg_time_seconds: round(mean((record) => record.wallTimeMs) / 1000, 2),
      avg_llm_calls: round(mean((record) => record.modelCalls), 2),
      avg_tokens: Math.round(mean((record) => record.promptTokens + record.completionTokens)),
      ...(priced ? { avg_cost_usd: round(mean((record) => record.costUsd ?? 0), 4) } : {}),
    },
    breakdown: breakdown(summary, input.benchmark, solved),
    notes: [
      ...(measurement ? [] : [`NOT A MEASUREMENT (${origins.caveats.join('; ')}).`]),
      `verus-repair ${input.version} bench, setting ${setting.id} (feedback ${setting.feedback}, ${setting.samples} sample(s) per iteration, temperature ${setting.temperature}, ${summary.iterations} iteration(s)), repetition ${REPORTED_REPETITION} of ${summary.repetitions}.`,
      `Total counts all ${summary.tasks.total} tasks; ${invalidCount} invalid task(s) (the verifier already accepts them, or neither the pre-check nor Verus gives a verdict) count as not solved.`,
      'Averages are per attempted task; time is the attempt\'s wall time.',
      ...(complete ? [] : [`Incomplete: ${notAttempted.length - invalidCount} valid task(s) have no finished attempt and count as not solved.`]),
    ].join(' '),
    provenance: { measurement, complete, caveats: origins.caveats, verifier: origins.verifier, model: origins.model, statement },
    verus_repair: {
      version: input.version,
      setting: { id: setting.id, feedback: setting.feedback, samples: setting.samples, temperature: setting.temperature, iterations: summary.iterations },
      repetition: {
        used: REPORTED_REPETITION, seed: reported[0]?.seed ?? REPORTED_REPETITION,
        all: seeds.map(([repetition, seed]) => {
          const list = input.records.filter((record) => record.repetition === repetition);
          return { repetition, seed, solved: list.filter(solvedWithinBudget).length, attempted: list.length };
        }),
      },
      attempted: attempted.size, not_attempted: notAttempted,
      total_cost_usd: priced ? round(reported.reduce((sum, record) => sum + (record.costUsd ?? 0), 0), 6) : null,
      benchmark_from: input.benchmarkFrom, suite: summary.suite, bench_dir: input.benchDir,
    },
  };
}

/** Per category, over every task of it: VeruSAGE-Bench's by project code (as the leaderboard lists them), Verus-Bench's by source. */
function breakdown(summary: BenchSummary, benchmark: PublishedSuite, solved: ReadonlySet<string>): LeaderboardSubmission['breakdown'] {
  const rows = new Map<string, { solved: number; total: number }>();
  for (const [taskId, category] of Object.entries(summary.taskCategories ?? {})) {
    const label = benchmark === 'Verus-Bench' ? category : (CODE_OF_PROJECT.get(category) ?? category);
    const row = rows.get(label) ?? { solved: 0, total: 0 };
    rows.set(label, { solved: row.solved + (solved.has(taskId) ? 1 : 0), total: row.total + 1 });
  }
  const order = (label: string): number => {
    const index = VERUSAGE_PROJECTS.findIndex((project) => project.code === label);
    return index < 0 ? VERUSAGE_PROJECTS.length : index;
  };
  return [...rows.entries()].sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b)).map(([category, row]) => ({ category, ...row }));
}

function describeStandIns(caveats: readonly string[]): string {
  const parts = caveats.map((caveat) => (caveat === 'fake verifier' ? 'a fake verifier (scripted verdicts)' : caveat === 'replayed model' ? 'cassettes (replayed model answers)' : caveat));
  return parts.join(' and ');
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
