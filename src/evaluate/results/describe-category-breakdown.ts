import type { BenchSummary, Ratio } from './bench-summary.js';

/** One row of the by-category table: a category under one setting (or overall), its tasks and Correct@k. */
export interface CategoryRow {
  category: string;
  settingId: string;
  /** Tasks of the category in the suite, and of those the valid ones (invalid tasks are in no denominator). */
  tasks: { valid: number; total: number };
  correctAtK: Ratio[];
}

/**
 * The summary's Correct@k per category, category by category, each under every setting and overall;
 * empty when no task has a category. A category whose tasks are all invalid still shows, with no attempts.
 */
export function describeCategoryBreakdown(summary: BenchSummary): CategoryRow[] {
  const taskCategories = summary.taskCategories ?? {};
  const invalid = new Set(summary.tasks.invalid.map((entry) => entry.taskId));
  const categories = [...new Set(Object.values(taskCategories))].sort((a, b) => a.localeCompare(b));
  const none: Ratio[] = Array.from({ length: summary.iterations }, () => ({ numerator: 0, denominator: 0, rate: null }));
  return categories.flatMap((category) => {
    const members = Object.entries(taskCategories).filter(([, value]) => value === category).map(([taskId]) => taskId);
    const tasks = { valid: members.filter((taskId) => !invalid.has(taskId)).length, total: members.length };
    return [...summary.settings, summary.overall].map((row) => ({ category, settingId: row.settingId, tasks, correctAtK: row.byCategory?.[category] ?? none }));
  });
}
