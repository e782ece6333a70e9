import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import type { BenchGrid } from './bench-grid.js';
import { writeBenchFile } from '../render/write-bench-file.js';

/** grid.json in the bench directory: the grid the bench was started with, which --resume must match. */
export const GRID_RECORD_FILE = 'grid.json';

/**
 * What of a grid (and of `--stability`) decides what an attempt is and what it costs, keyed as in the grid file. Where a
 * model is served (base_url, api_key_env), the verifier and queue tables and max_attempts are left
 * out: they say where attempts run or how many may, not what they are.
 */
export type CanonicalGrid = ReturnType<typeof canonicalGrid>;

export function canonicalGrid(grid: BenchGrid, stability: number) {
  return {
    model: grid.models.map((model) => ({
      name: model.name,
      prices: model.prices === null ? null : { input_per_million: model.prices.inputPerMillion, cached_input_per_million: model.prices.cachedInputPerMillion ?? null, output_per_million: model.prices.outputPerMillion },
    })),
    feedback: grid.feedback,
    samples: grid.samples,
    temperature: grid.temperatures,
    iterations: grid.iterations,
    repetitions: grid.repetitions,
    seeds: grid.seeds,
    houdini_rounds: grid.houdiniRounds,
    /** Solver seeds each verified candidate is re-verified under (`--stability`, else `[verifier] stability_seeds`). */
    stability,
  };
}

export function digestGrid(canonical: CanonicalGrid): string {
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** Records the grid of a bench that starts (or of an older bench directory resumed without one). */
export async function recordBenchGrid(outDir: string, grid: BenchGrid, stability = 0): Promise<void> {
  const canonical = canonicalGrid(grid, stability);
  await writeBenchFile(path.join(outDir, GRID_RECORD_FILE), `${JSON.stringify({ format: 1, digest: digestGrid(canonical), grid: canonical }, null, 2)}\n`);
}

/**
 * Refuses to resume a bench with another grid than it was started with, naming every difference.
 * Before this, a resume reused the finished attempts (found by task, setting id and repetition,
 * which no iteration budget, Houdini round count or price is part of) and wrote the new settings
 * beside the old costs. A directory without grid.json (a bench from before it existed) passes.
 */
export function checkResumeGrid(outDir: string, grid: BenchGrid, stability = 0): void {
  const file = path.join(outDir, GRID_RECORD_FILE);
  if (!existsSync(file)) return;
  let recorded: { digest?: unknown; grid?: unknown };
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8')) as typeof recorded;
  } catch (error) {
    throw new ConfigurationError(`--resume: ${file} is not the JSON verus-repair wrote (${(error as Error).message}); it records the grid the bench was started with. Restore it, or start a new bench with another --out`);
  }
  const current = canonicalGrid(grid, stability);
  if (recorded.digest === digestGrid(current)) return;
  const before = (typeof recorded.grid === 'object' && recorded.grid !== null ? recorded.grid : {}) as Record<string, unknown>;
  const changes = describeGridChanges(before, current);
  throw new ConfigurationError(
    `--resume: the grid differs from the one ${outDir} was started with (${file}):\n${changes.map((change) => `  ${change}`).join('\n')}\n` +
      'Finished attempts would be reused under the new grid. Resume with the grid (and flags) the bench was started with, or start a new bench with another --out',
  );
}

function describeGridChanges(before: Record<string, unknown>, after: CanonicalGrid): string[] {
  const show = (value: unknown): string => (value === undefined ? '(none)' : JSON.stringify(value));
  const changes: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (key === 'model') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes.push(`${key}: ${show(before[key])} -> ${show(value)}`);
  }
  const beforeModels = Array.isArray(before['model']) ? (before['model'] as Array<{ name?: unknown; prices?: unknown }>) : [];
  const names = (models: ReadonlyArray<{ name?: unknown }>): string[] => models.map((model) => String(model.name));
  for (const model of after.model) {
    const earlier = beforeModels.find((entry) => entry.name === model.name);
    if (earlier === undefined) changes.push(`model "${model.name}": added`);
    else if (JSON.stringify(earlier.prices) !== JSON.stringify(model.prices)) changes.push(`model "${model.name}" prices: ${show(earlier.prices)} -> ${show(model.prices)}`);
  }
  for (const name of names(beforeModels)) if (!after.model.some((model) => model.name === name)) changes.push(`model "${name}": removed`);
  if (changes.length === 0 && JSON.stringify(names(beforeModels)) !== JSON.stringify(names(after.model))) changes.push(`model order: ${show(names(beforeModels))} -> ${show(names(after.model))}`);
  return changes.length > 0 ? changes : ['(the recorded digest does not match; the file may have been edited)'];
}
