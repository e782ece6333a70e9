import { cp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'smol-toml';
import type { BenchSetting } from '../grids/bench-grid.js';
import { TEMPLATE_CRATE } from '../suites/task-template.js';

/** Where an attempt's repository is, and the crate inside it. */
export interface AttemptWorkspace {
  repoDir: string;
  crateDir: string;
}

/** The verus-repair.toml of one attempt: the setting's `[model]` and the bench's `[verifier]`. */
export function buildAttemptConfig(setting: BenchSetting | null, verifierTable: Record<string, unknown> | null, queueTable: Record<string, unknown> | null = null): string {
  const config: Record<string, unknown> = {};
  if (setting !== null) {
    const { model } = setting;
    config['model'] = {
      name: model.name, ...(model.baseUrl === null ? {} : { base_url: model.baseUrl }), api_key_env: model.apiKeyEnv, temperature: setting.temperature, samples: setting.samples,
      ...(model.prices === null ? {} : { prices: { [model.name]: { input_per_million: model.prices.inputPerMillion, ...(model.prices.cachedInputPerMillion == null ? {} : { cached_input_per_million: model.prices.cachedInputPerMillion }), output_per_million: model.prices.outputPerMillion } } }),
    };
  }
  if (verifierTable !== null) config['verifier'] = verifierTable;
  if (queueTable !== null) config['queue'] = queueTable;
  return `# Written by verus-repair bench for one attempt.\n${stringify(config)}\n`;
}

/**
 * A fresh repository for one attempt, copied from its task's template. One repository per attempt
 * keeps attempts independent (their own ledger, worktrees and notes), so they run side by side.
 */
export async function createAttemptWorkspace(directory: string, templateDir: string, setting: BenchSetting, verifierTable: Record<string, unknown> | null, queueTable: Record<string, unknown> | null): Promise<AttemptWorkspace> {
  await rm(directory, { recursive: true, force: true });
  await cp(templateDir, directory, { recursive: true });
  await writeFile(path.join(directory, 'verus-repair.toml'), buildAttemptConfig(setting, verifierTable, queueTable));
  return { repoDir: directory, crateDir: path.join(directory, TEMPLATE_CRATE) };
}
