import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { stringify } from 'smol-toml';
import type { BenchSetting } from './bench-grid.js';
import type { BenchTask } from './bench-task.js';
import { writeScratchCrate } from './scratch-crate.js';

/** Where an attempt's repository is, and the crate inside it. */
export interface AttemptWorkspace {
  repoDir: string;
  crateDir: string;
}

const CRATE_NAME = 'crate';

/**
 * A fresh git repository for one attempt: the task's crate with the broken file in place, and a
 * verus-repair.toml with the setting's `[model]` and the bench's `[verifier]`. One repository per
 * attempt keeps attempts independent (their own ledger, worktrees and notes), so they run side by side.
 */
export async function createAttemptWorkspace(directory: string, task: BenchTask, setting: BenchSetting | null, verifierTable: Record<string, unknown> | null, vstdVersion: string): Promise<AttemptWorkspace> {
  await rm(directory, { recursive: true, force: true });
  const crateDir = path.join(directory, CRATE_NAME);
  await mkdir(directory, { recursive: true });
  if (task.crateDir === null) await writeScratchCrate(crateDir, vstdVersion);
  else {
    await cp(task.crateDir, crateDir, { recursive: true, filter: (source) => !/[\\/](target|broken|\.git|\.verus-repair)$/.test(source) });
    // A workspace member (rust-fixtures/*) has its lock file one level up; copied along, cargo needs no network.
    const workspaceLock = path.join(path.dirname(task.crateDir), 'Cargo.lock');
    if (!existsSync(path.join(crateDir, 'Cargo.lock')) && existsSync(workspaceLock)) await copyFile(workspaceLock, path.join(crateDir, 'Cargo.lock'));
  }
  await writeFile(path.join(crateDir, task.file), task.brokenSource);
  const config: Record<string, unknown> = {};
  if (setting !== null) {
    const { model } = setting;
    config['model'] = {
      name: model.name, ...(model.baseUrl === null ? {} : { base_url: model.baseUrl }), api_key_env: model.apiKeyEnv, temperature: setting.temperature, samples: setting.samples,
      ...(model.prices === null ? {} : { prices: { [model.name]: { input_per_million: model.prices.inputPerMillion, output_per_million: model.prices.outputPerMillion } } }),
    };
  }
  if (verifierTable !== null) config['verifier'] = verifierTable;
  await writeFile(path.join(directory, 'verus-repair.toml'), `# Written by verus-repair bench for one attempt.\n${stringify(config)}\n`);
  await writeFile(path.join(directory, '.gitignore'), 'target/\n');
  const git = simpleGit(directory);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'verus-repair bench').addConfig('user.email', 'bench@verus-repair.invalid').addConfig('commit.gpgsign', 'false');
  await git.add('.');
  await git.commit(`bench task ${task.id}`);
  return { repoDir: directory, crateDir };
}
