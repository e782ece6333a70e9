import type { AttemptRecord } from '../attempts/attempt-record.js';
import type { BenchSetting } from '../grids/bench-grid.js';
import type { BenchSummary } from './bench-summary.js';
import type { BenchTask } from '../suites/bench-task.js';
import type { PublishedSuite } from '../suites/published-suites.js';
import { summarizeSetting } from './summarize-setting.js';
import type { TaskValidity } from '../suites/task-validity.js';

export const SUMMARY_DEFINITIONS: Record<string, string> = {
  correctAtK: 'attempts (task × setting × repetition) whose candidate verified within k iterations, over the attempts made on valid tasks; invalid tasks are in no denominator',
  passAtK: 'per task, the unbiased estimator 1 − C(n−c,k)/C(n,k) over its n repetitions (c verified), averaged over tasks',
  repairedObligations: 'baseline verifier errors the best candidate no longer has (all of them when it verified), over the baseline errors of the attempts',
  validTask: 'the broken file passes the erased pre-check and the verifier rejects it',
  byCategory: 'Correct@k over the attempts on valid tasks of one category (a Verus-Bench source, a VeruSAGE-Bench project, a manifest category)',
  stableCorrectAtK: 'with bench --stability N (or stability_seeds): as Correct@k, counting an attempt only from the iteration whose verified candidate also verified under every one of the N solver seeds; attempts without a check count as in Correct@k',
};

/** summary.json from the attempts: one summary per setting, and one over all settings. */
export function summarizeBench(input: { suite: string; tasks: readonly BenchTask[]; validity: readonly TaskValidity[]; settings: readonly BenchSetting[]; iterations: number; seeds: number[]; records: readonly AttemptRecord[]; stopped: string | null; skippedAttemptLines?: readonly number[] }): BenchSummary {
  const valid = new Set(input.validity.filter((entry) => entry.valid).map((entry) => entry.taskId));
  const defects = new Map(input.tasks.map((task) => [task.id, task.defectClass]));
  const counted = input.records.filter((record) => valid.has(record.taskId));
  const categories = new Map(input.tasks.flatMap((task) => (task.category === undefined || task.category === null ? [] : [[task.id, task.category] as const])));
  const scope = (settingId: string, planned: number) => ({ settingId, iterations: input.iterations, seeds: input.seeds, planned, defectClassOf: (taskId: string) => defects.get(taskId) ?? null, categoryOf: (taskId: string) => categories.get(taskId) ?? null });
  const perSetting = valid.size * input.seeds.length;
  return {
    schema: 'verus-repair.bench-summary/2', suite: input.suite, iterations: input.iterations, repetitions: input.seeds.length, definitions: SUMMARY_DEFINITIONS,
    tasks: { total: input.tasks.length, valid: valid.size, invalid: input.validity.filter((entry): entry is Extract<TaskValidity, { valid: false }> => !entry.valid) },
    settings: input.settings.map((setting) => summarizeSetting(counted.filter((record) => record.settingId === setting.id), scope(setting.id, perSetting))),
    overall: summarizeSetting(counted, scope('overall', perSetting * input.settings.length)),
    taskCategories: Object.fromEntries(categories), publishedSuite: commonPublishedSuite(input.tasks),
    taskWallTimeMs: Object.fromEntries([...valid].map((taskId) => [taskId, counted.filter((record) => record.taskId === taskId).reduce((sum, record) => sum + record.wallTimeMs, 0)])),
    stopped: input.stopped,
    skippedAttemptLines: [...(input.skippedAttemptLines ?? [])],
  };
}

/** The suite's public name when every task was read from the same one (a manifest's tasks carry none). */
function commonPublishedSuite(tasks: readonly BenchTask[]): PublishedSuite | null {
  const names = new Set(tasks.map((task) => task.publishedSuite ?? null));
  const [only] = names;
  return names.size === 1 && only !== undefined ? only : null;
}
