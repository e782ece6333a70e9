import type { BenchGrid, BenchSetting } from './bench-grid.js';

/**
 * How a model name or feedback level appears in a setting id (and so in directory and cassette
 * names): characters outside `A-Za-z0-9._-` become `_`. Different names can map to one part
 * (`x/y`, `x:y`, `x_y`); readBenchGrid refuses such grids (checkDistinctSettings).
 */
export function settingIdPart(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** How many settings the grid has, computed without building them (a grid can be too large to). */
export function countSettings(grid: BenchGrid): number {
  return grid.models.length * grid.feedback.length * grid.samples.length * grid.temperatures.length;
}

/** Every setting of the grid, in a stable order: model, then feedback level, samples, temperature. */
export function expandSettings(grid: BenchGrid): BenchSetting[] {
  return grid.models.flatMap((model) => grid.feedback.flatMap((feedback) => grid.samples.flatMap((samples) => grid.temperatures.map((temperature): BenchSetting => ({
    id: `${settingIdPart(model.name)}.${settingIdPart(feedback)}.s${samples}.t${temperature}`,
    model, feedback, samples, temperature, iterations: grid.iterations,
  })))));
}
