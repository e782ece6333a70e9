import { assertNever } from '../../core/assert-never.js';
import type { FunctionSelector, VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerusCommand } from './verus-command.js';

/** How the command will be placed: the file path as the process sees it, whether cargo may use the network, and this run's nonce. */
export interface CommandPlacement {
  /** For file targets: the file's path relative to the verification root (the process runs in the root). */
  relativeFile: string | null;
  /** Pass `--offline` to cargo (the Docker runner has no network). */
  offline: boolean;
  /** createRunNonce() for this invocation; names the throwaway `--log-dir` of cargo runs (ignored for single files). */
  runNonce: string | null;
  /** Pass `--locked` to cargo: it runs in the user's crate, whose lock it must not write (default: no). */
  locked?: boolean;
}

/**
 * The cargo-verus part, before `--`. `--fwd-verus-args-to roots`: `verify` forwards the Verus args
 * to every package by default (V cargo-verus/src/cli.rs:192-207, subcommands.rs:150-157 and
 * 429-431, release/0.2026.06.07.cd03505), so vstd would get `--no-cheating` (and fail on its
 * `admit()`s), print its own `--output-json` document, and be re-verified whenever an rlimit changes.
 * Order: cargo-verus's own options first, because `--message-format=json` starts its trailing
 * `cargo_args` positional, which swallows what follows (cli.rs:118-124); `--offline` before it too,
 * or cargo-verus refuses it as a late Verus-relevant argument (cli.rs:142-175). `--locked` likewise:
 * cargo-verus takes it as its own option (cli.rs:103-104) and passes it to cargo (subcommands.rs:246-248),
 * which then refuses to write the lock (C src/cargo/ops/lockfile.rs:55-67, cargo 0.96.0).
 */
export function buildCargoVerusOptions(offline: boolean, locked = false): string[] {
  return ['--fwd-verus-args-to', 'roots', ...(locked ? ['--locked'] : []), ...(offline ? ['--offline'] : []), '--message-format=json'];
}

/**
 * The flags sent on every run, after the target: `--output-json --time` give the per-function
 * verdicts (`times-ms` function breakdown) and the `verification-results` block the verdict is
 * decided from; `--rlimit` bounds each SMT query; `--expand-errors` and `--no-cheating` are policy.
 */
export function buildAlwaysSentVerusFlags(options: VerificationOptions): string[] {
  return [
    '--output-json',
    '--time',
    '--rlimit',
    String(options.rlimit),
    ...(options.expandErrors ? ['--expand-errors'] : []),
    ...(options.noCheating ? ['--no-cheating'] : []),
  ];
}

/**
 * `--smt-option smt.random_seed=S`: rust_verify takes `--smt-option OPTION=VALUE` (repeatable, exactly
 * one `=`; V rust_verify/src/config.rs:495, 608-615 and 714, release/0.2026.06.07.cd03505) and sets each
 * on every solver context after its defaults, in order (verifier.rs:1224-1231), so the last seed given
 * is the one in force. It is a Verus arg: under cargo it reaches the root crate alone, because the
 * command forwards Verus args to roots only (buildCargoVerusOptions), so vstd is not re-verified per seed.
 */
export function buildSolverSeedFlags(seed: number): string[] {
  return ['--smt-option', `smt.random_seed=${seed}`];
}

/**
 * `--log-dir .verus-log/verus-repair-<nonce>`: a crate cargo considers fresh prints no results
 * document: cargo replays only the stderr it cached, while the document is stdout (C
 * core/compiler/mod.rs:213-237, 2065-2092 and 2527-2565, cargo 0.96.0).
 * Verus records `__VERUS_DRIVER_ARGS_FOR_<package>` as an env dependency (V
 * rust_verify/src/cargo_verus.rs:41-52, cargo_verus_dep_tracker.rs) and cargo re-runs a unit whose
 * tracked env changed (C core/compiler/fingerprint/mod.rs:944-975), so a per-run value sent to the
 * root alone re-verifies the root crate and nothing else, without relying on file times. The
 * directory is created only when a `--log*` option asks for logs (V rust_verify/src/verifier.rs
 * 621-645). Left out when the user passes `--log-dir` (getopts rejects an option given twice).
 */
export function buildFreshnessFlags(runNonce: string | null, extraVerusArgs: readonly string[]): string[] {
  if (runNonce === null || extraVerusArgs.some((argument) => argument === '--log-dir' || argument.startsWith('--log-dir='))) return [];
  return ['--log-dir', `.verus-log/verus-repair-${runNonce}`];
}

/** `--verify-root` for the crate root, else `--verify-only-module M` (the module without its descendants). */
export function buildModuleSelectorFlags(module: string | null): string[] {
  return module === null ? ['--verify-root'] : ['--verify-only-module', module];
}

/** `--verify-root`/`--verify-only-module M` plus `--verify-function F` (Verus needs exactly one module selector). */
export function buildFunctionSelectorFlags(selector: FunctionSelector): string[] {
  return [...buildModuleSelectorFlags(selector.module), '--verify-function', selector.function];
}

/**
 * Builds the Verus invocation for a target (pure). Crates run `cargo verus verify`, one module or
 * one function `cargo verus focus` (which builds into `target/verus-partial`, V
 * cargo-verus/src/subcommands.rs:163-170). Under cargo, diagnostics reach us as cargo
 * `compiler-message` JSON on stdout via `--message-format=json`: cargo already runs the verus
 * driver with `--error-format=json`, and rustc rejects that option given twice, so it is NOT
 * repeated after `--`. Single files run `verus FILE --crate-type=lib --error-format=json` directly:
 * no cargo, so no freshness to defeat and no nonce.
 */
export function buildVerusCommand(target: VerificationTarget, options: VerificationOptions, placement: CommandPlacement): VerusCommand {
  const flags = buildAlwaysSentVerusFlags(options);
  switch (target.kind) {
    case 'crate':
    case 'module':
    case 'function': {
      const subcommand = target.kind === 'crate' ? 'verify' : 'focus';
      const selectors = target.kind === 'function'
        ? buildFunctionSelectorFlags({ module: target.module, function: target.function })
        : target.kind === 'module' ? buildModuleSelectorFlags(target.module) : [];
      const freshness = buildFreshnessFlags(placement.runNonce, options.extraVerusArgs);
      return { tool: 'cargo-verus', args: ['verus', subcommand, ...buildCargoVerusOptions(placement.offline, placement.locked ?? false), '--', ...flags, ...freshness, ...selectors, ...options.extraVerusArgs] };
    }
    case 'file': {
      const file = placement.relativeFile ?? target.filePath;
      const selectors = target.only === undefined ? [] : buildFunctionSelectorFlags(target.only);
      return { tool: 'verus', args: [file, '--crate-type=lib', '--error-format=json', ...flags, ...selectors, ...options.extraVerusArgs] };
    }
    default:
      return assertNever(target, 'verification target');
  }
}
