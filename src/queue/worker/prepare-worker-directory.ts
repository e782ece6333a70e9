import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jobDirectoryPrefix } from './job-directory-prefix.js';

/** A worker's private directory (0700): its jobs go under it, and cargo gets `cargoHome` as CARGO_HOME. */
export interface WorkerDirectory {
  root: string;
  cargoHome: string;
  remove(): Promise<void>;
}

/**
 * A CARGO_HOME of the worker's own: no `config.toml` (so no alias, runner or wrapper from the
 * operator's cargo home or anything a build script wrote there) and no credentials, with `registry`
 * and `git` linked to the operator's, so downloaded crates (vstd) are shared and offline use works.
 * Named with the job-directory prefix, so the next worker on the host removes it after a SIGKILL.
 */
export async function prepareWorkerDirectory(environment: NodeJS.ProcessEnv, parent = os.tmpdir()): Promise<WorkerDirectory> {
  const root = await mkdtemp(path.join(parent, jobDirectoryPrefix()));
  const cargoHome = path.join(root, 'cargo-home');
  await mkdir(cargoHome, { mode: 0o700 });
  const operatorHome = environment['CARGO_HOME'] ?? path.join(environment['HOME'] ?? os.homedir(), '.cargo');
  for (const shared of ['registry', 'git']) {
    const target = path.join(operatorHome, shared);
    await mkdir(target, { recursive: true }).catch(() => undefined);
    await symlink(target, path.join(cargoHome, shared));
  }
  return { root, cargoHome, remove: () => rm(root, { recursive: true, force: true }) };
}
