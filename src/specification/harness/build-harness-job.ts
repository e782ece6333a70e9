import type { VerifierConfig } from '../../verifier/config/verifier-config.js';
import type { ProcessJob } from '../../verifier/jobs/process-job.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../../verifier/jobs/select-environment.js';
import { selectPrecheckTargetDir } from '../../verifier/precheck/select-precheck-target-dir.js';

/**
 * `cargo build --bin <the crate's harness binary>` in the harness crate (pure); `incremental` for
 * one in a slot. A debug build on purpose: overflow checks stay on, so an arithmetic overflow
 * panics as Verus would reject it.
 * The target directory is the shared pre-check one, so vstd builds once.
 */
export function buildHarnessJob(crateDir: string, binary: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, options: { incremental: boolean }): ProcessJob {
  const env = selectEnvironment(environment, LOCAL_ENVIRONMENT_ALLOW_LIST, config.passEnv);
  env['CARGO_TERM_COLOR'] = 'never';
  env['CARGO_TARGET_DIR'] = selectPrecheckTargetDir(config.precheck, environment);
  // A harness crate in a scratch directory is a package of its own (named after its files), so
  // rustc's incremental cache of it would not be read again: writing it costs a quarter of the
  // build and about 15 MB of target/debug/incremental per check. CARGO_INCREMENTAL=0 turns it off
  // (C core/profiles.rs:73-76). One in a slot keeps its name from check to check, and the next
  // check's build reads that cache: after a one-line change to clamp's body (rust-fixtures/spec-check,
  // npm run bench -- spec's measurement, 5 rounds, 2-core machine), the build took 271 ms with it
  // and 345 ms without (the spec check 1.23x and 1.53x the erased pre-check), for about 3 to 6 MB
  // of incremental state per slot.
  env['CARGO_INCREMENTAL'] = options.incremental ? '1' : '0';
  return {
    command: [config.cargoPath, 'build', '--bin', binary, '--message-format=json', ...(config.precheck.offline ? ['--offline'] : [])],
    cwd: crateDir,
    env,
    timeoutMs: config.precheck.timeoutMs,
    maxOutputBytes: config.maxOutputBytes,
    cleanupCommands: [],
  };
}
