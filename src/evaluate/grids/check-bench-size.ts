import { ConfigurationError } from '../../core/errors.js';
import type { BenchGrid } from './bench-grid.js';
import { countSettings } from './expand-settings.js';

/** tasks × settings × repetitions, by arithmetic: nothing is built for a grid that is refused. */
export function countPlannedAttempts(grid: BenchGrid, tasks: number): number {
  return tasks * countSettings(grid) * grid.repetitions;
}

/**
 * Refuses a bench larger than the grid's cap before anything is built or created. Without it a
 * grid of 10^6 attempts started one attempt and died at 3.8 GB building the plan. The message
 * gives every factor, so the axis that exploded is visible, and the two ways to raise the cap.
 */
export function checkBenchSize(grid: BenchGrid, tasks: number): void {
  const attempts = countPlannedAttempts(grid, tasks);
  if (attempts <= grid.maxAttempts) return;
  const count = (value: number): string => value.toLocaleString('en-US');
  throw new ConfigurationError(
    `the bench would plan ${count(attempts)} attempts: ${count(tasks)} tasks × ${count(countSettings(grid))} settings ` +
      `(${grid.models.length} models × ${grid.feedback.length} feedback levels × ${grid.samples.length} samples values × ${grid.temperatures.length} temperatures) × ${grid.repetitions} repetitions, ` +
      `over the limit of ${count(grid.maxAttempts)}. Shrink the grid or the suite, or raise the limit with --max-attempts N or max_attempts = N in the grid`,
  );
}
