import { ConfigurationError } from '../../core/errors.js';
import type { BenchSetting } from './bench-grid.js';
import { settingIdPart } from './expand-settings.js';

/** A model of the grid and where it was given: `[[model]] #2 "x:y" (line 5)` or `--model x:y (2nd)`. */
export interface SourcedModelName {
  name: string;
  source: string;
}

/**
 * Refuses models whose setting ids would collide. A setting id names the attempt's directory, its
 * cassette and its summary row, so two models mapping to one id (`x/y`, `x:y` and `x_y` all become
 * `x_y`; a model listed twice) would share a repository and a cassette and be counted as one setting
 * with several times its attempts. Names every colliding entry and where it was given.
 */
export function checkDistinctModels(models: readonly SourcedModelName[], where: string): void {
  const byPart = new Map<string, SourcedModelName[]>();
  for (const model of models) {
    const part = settingIdPart(model.name);
    const group = byPart.get(part);
    if (group === undefined) byPart.set(part, [model]);
    else group.push(model);
  }
  const problems = [...byPart.entries()].filter(([, group]) => group.length > 1).map(([part, group]) => {
    const entries = listInWords(group.map((model) => model.source));
    if (new Set(group.map((model) => model.name)).size === 1) return `${entries} name the same model "${group[0]?.name}"; list each model once (repetitions = N repeats a setting)`;
    return `${entries} all become the setting id part "${part}" (characters outside A-Za-z0-9._- become "_"), so their attempts would share one directory, cassette and summary row; rename them so they differ in letters, digits, ".", "_" or "-"`;
  });
  if (problems.length > 0) throw new ConfigurationError(problems.map((problem) => `${where}: ${problem}`).join('\n'));
}

/** Refuses an axis that lists one value twice (`samples = [1, 1]`, `feedback = ["none", "none"]`): the settings would collide. */
export function checkDistinctAxisValues(axis: string, values: readonly (string | number)[], source: string, where: string): void {
  const seen = new Set<string | number>();
  const repeated = new Set<string | number>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  if (repeated.size > 0) throw new ConfigurationError(`${where}: ${source} lists ${[...repeated].map((value) => JSON.stringify(value)).join(', ')} more than once, which would give two settings one id; list each ${axis} value once`);
}

/**
 * The last line of defence, over the expanded settings: ids must differ even when the parts do (a
 * model named like another's id plus a feedback level). Grids from readBenchGrid rarely reach it.
 */
export function checkDistinctSettingIds(settings: readonly BenchSetting[]): void {
  const seen = new Map<string, BenchSetting>();
  for (const setting of settings) {
    const earlier = seen.get(setting.id);
    if (earlier !== undefined) throw new ConfigurationError(`the grid gives two settings the id "${setting.id}" (model "${earlier.model.name}" with feedback ${earlier.feedback}, and model "${setting.model.name}" with feedback ${setting.feedback}); rename a model`);
    seen.set(setting.id, setting);
  }
}

function listInWords(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
