import type { PrecheckStep } from '../../core/verifier-precheck.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import type { ProcessJob } from '../jobs/process-job.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../jobs/select-environment.js';
import { selectPrecheckTargetDir, type PrecheckedCrate } from './select-precheck-target-dir.js';

/**
 * The erased cargo step as a job (pure): `cargo build` (or `cargo test --no-run`) or `cargo test --no-fail-fast`, with
 * `--message-format=json` so compiler diagnostics arrive as JSON on stdout. RUSTFLAGS is never
 * passed (it makes vstd require nightly features); the target directory is shared across
 * candidates through CARGO_TARGET_DIR (selectPrecheckTargetDir, by whose crate it is: `owner`,
 * a scratch copy unless said otherwise) so vstd builds once.
 * Scratch copies are built once each (isolateScratchPackage names them by content), so incremental
 * state is never reused: CARGO_INCREMENTAL=0. `cargo test --tests` leaves out doctests, unless the
 * crate has some (`doctests`): rustdoc's pass over the crate is a third of `cargo test` otherwise.
 * `--locked` when cargo runs in the user's own crate (`locked`): cargo then cannot write its lock.
 */
export function buildPrecheckJob(step: PrecheckStep, crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, crate: { doctests: boolean; locked?: boolean; owner?: PrecheckedCrate; buildTestTargets?: boolean } = { doctests: false }): ProcessJob {
  const env = selectEnvironment(environment, LOCAL_ENVIRONMENT_ALLOW_LIST, config.passEnv);
  env['CARGO_TERM_COLOR'] = 'never';
  env['RUST_BACKTRACE'] = '0';
  env['CARGO_INCREMENTAL'] = '0';
  env['CARGO_TARGET_DIR'] = selectPrecheckTargetDir(config.precheck, environment, crate.owner ?? 'scratch');
  const targets = crate.doctests ? [] : ['--tests'];
  // The build step as `cargo test --no-run` (buildTestTargets): it compiles the targets the test step runs, so that step compiles nothing more.
  const buildArguments = crate.buildTestTargets === true ? ['test', '--no-run', ...targets] : ['build'];
  const stepArguments = step === 'build' ? buildArguments : ['test', '--no-fail-fast', ...targets];
  return {
    command: [config.cargoPath, ...stepArguments, '--message-format=json', ...(crate.locked === true ? ['--locked'] : []), ...(config.precheck.offline ? ['--offline'] : [])],
    cwd: crateDir,
    env,
    timeoutMs: config.precheck.timeoutMs,
    maxOutputBytes: config.maxOutputBytes,
    cleanupCommands: [],
  };
}
