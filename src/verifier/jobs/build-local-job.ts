import path from 'node:path';
import type { VerifierConfig } from '../config/verifier-config.js';
import type { ProcessJob } from './process-job.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from './select-environment.js';
import type { VerusCommand } from './verus-command.js';

/**
 * Places a Verus command on the host (pure): `cargo verus ...` with the configured cargo, or the
 * configured `verus`. A configured cargo-verus (or verus) directory is put first on PATH, which is
 * how cargo finds its `verus` subcommand.
 */
export function buildLocalJob(
  command: VerusCommand,
  config: VerifierConfig,
  environment: NodeJS.ProcessEnv,
  settings: { cwd: string; timeoutMs: number },
): ProcessJob {
  const env = selectEnvironment(environment, LOCAL_ENVIRONMENT_ALLOW_LIST, config.passEnv);
  const extraPathDirectories = [config.cargoVerusPath, config.verusPath.includes('/') ? config.verusPath : null]
    .filter((entry): entry is string => entry !== null)
    .map((entry) => path.dirname(entry));
  if (extraPathDirectories.length > 0) {
    env['PATH'] = [...new Set(extraPathDirectories), ...(env['PATH'] === undefined ? [] : [env['PATH']])].join(path.delimiter);
  }
  const program = command.tool === 'cargo-verus' ? config.cargoPath : config.verusPath;
  return {
    command: [program, ...command.args],
    cwd: settings.cwd,
    env,
    timeoutMs: settings.timeoutMs,
    maxOutputBytes: config.maxOutputBytes,
    cleanupCommands: [],
  };
}
