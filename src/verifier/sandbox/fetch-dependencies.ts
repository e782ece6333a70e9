import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { VerifierConfig } from '../config/verifier-config.js';
import type { ProcessJob } from '../jobs/process-job.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../jobs/select-environment.js';
import { runProcessJob } from '../run/run-process-job.js';

const FETCH_TIMEOUT_MS = 300_000;
/** Locks whose dependencies a fetch of this process brought in: every scratch copy of a crate has the same one. */
const fetchedLocks = new Set<string>();

/** `cargo fetch` in a crate (pure): downloads and resolves, runs none of the crate's code; `--locked` in the user's own crate. */
export function buildFetchJob(crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, offline: boolean, locked = false): ProcessJob {
  const env = selectEnvironment(environment, LOCAL_ENVIRONMENT_ALLOW_LIST, config.passEnv);
  env['CARGO_TERM_COLOR'] = 'never';
  return { command: [config.cargoPath, 'fetch', ...(locked ? ['--locked'] : []), ...(offline ? ['--offline'] : [])], cwd: crateDir, env, timeoutMs: FETCH_TIMEOUT_MS, maxOutputBytes: 1 << 20, cleanupCommands: [] };
}

/**
 * The network step a sandbox without network needs, outside it: dependencies (vstd the first time)
 * into CARGO_HOME. `cargo fetch --offline` first, which needs no network when they are there
 * already (a tenth of a second); `cargo fetch` only when that fails; once per Cargo.lock per
 * process. A failure is left to the sandboxed build, whose `--offline` error names what is missing.
 */
export async function fetchDependencies(crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, signal?: AbortSignal, locked = false): Promise<void> {
  const lock = await readFile(path.join(crateDir, 'Cargo.lock')).then((bytes) => `${config.cargoPath}\0${createHash('sha256').update(bytes).digest('hex')}`, () => null);
  if (lock !== null && fetchedLocks.has(lock)) return;
  const options = signal === undefined ? {} : { signal };
  let outcome = await runProcessJob(buildFetchJob(crateDir, config, environment, true, locked), options);
  if (!(outcome.kind === 'exited' && outcome.exitCode === 0) && !config.precheck.offline && outcome.kind !== 'aborted') outcome = await runProcessJob(buildFetchJob(crateDir, config, environment, false, locked), options);
  if (lock !== null && outcome.kind === 'exited' && outcome.exitCode === 0) fetchedLocks.add(lock);
}
