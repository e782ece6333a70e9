import type { BenchGrid, BenchSetting } from './bench-grid.js';

/** Every setting of the grid, in a stable order: model, then feedback level, samples, temperature. */
export function expandSettings(grid: BenchGrid): BenchSetting[] {
  return grid.models.flatMap((model) => grid.feedback.flatMap((feedback) => grid.samples.flatMap((samples) => grid.temperatures.map((temperature): BenchSetting => ({
    id: `${model.name.replace(/[^A-Za-z0-9._-]/g, '_')}.${feedback.replace(/[^A-Za-z0-9._-]/g, '_')}.s${samples}.t${temperature}`,
    model, feedback, samples, temperature, iterations: grid.iterations,
  })))));
}
