import type { VerifierConfig } from '../config/verifier-config.js';
import type { ProcessJob } from '../jobs/process-job.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../jobs/select-environment.js';
import { runProcessJob } from '../run/run-process-job.js';

const FETCH_TIMEOUT_MS = 300_000;

/** `cargo fetch` in a crate copy (pure): downloads and resolves, runs none of the crate's code. */
export function buildFetchJob(crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, offline: boolean): ProcessJob {
  const env = selectEnvironment(environment, LOCAL_ENVIRONMENT_ALLOW_LIST, config.passEnv);
  env['CARGO_TERM_COLOR'] = 'never';
  return { command: [config.cargoPath, 'fetch', ...(offline ? ['--offline'] : [])], cwd: crateDir, env, timeoutMs: FETCH_TIMEOUT_MS, maxOutputBytes: 1 << 20, cleanupCommands: [] };
}

/**
 * The network step a sandbox without network needs, outside it: dependencies (vstd the first time)
 * into CARGO_HOME. `cargo fetch --offline` first, which needs no network when they are there
 * already (a tenth of a second); `cargo fetch` only when that fails. A failure is left to the
 * sandboxed build, whose `--offline` error names what is missing.
 */
export async function fetchDependencies(crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  const options = signal === undefined ? {} : { signal };
  const local = await runProcessJob(buildFetchJob(crateDir, config, environment, true), options);
  if (local.kind === 'exited' && local.exitCode === 0) return;
  if (config.precheck.offline || local.kind === 'aborted') return;
  await runProcessJob(buildFetchJob(crateDir, config, environment, false), options);
}
